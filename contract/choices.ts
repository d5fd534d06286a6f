/**
 * Enumerations as plain lists, without zod: a public page that only shows a label (the schedule
 * shows a genre) loads these few hundred bytes instead of the schema library. contract/enums.ts
 * adds the schemas for validation.
 */

/** An enumeration as the spec lists it: the stored value and the label people see. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

export function choiceList<const V extends string>(list: ReadonlyArray<readonly [V, string]>) {
  const values = list.map(([v]) => v) as unknown as readonly [V, ...V[]];
  const options: Choice<V>[] = list.map(([value, label]) => ({ value, label }));
  const labels = Object.fromEntries(list) as Record<V, string>;
  return { values, options, labels };
}

/** docs/behaviour.md#enumerations: music genres. */
export const GenreList = choiceList([
  ['americana', 'Americana'],
  ['bluegrass', 'Bluegrass'],
  ['blues', 'Blues'],
  ['brass', 'Brass'],
  ['classical', 'Classical'],
  ['country', 'Country'],
  ['dance', 'Dance'],
  ['folk', 'Folk'],
  ['funk', 'Funk'],
  ['hiphop', 'Hip Hop'],
  ['indie', 'Indie'],
  ['jazz', 'Jazz'],
  ['kids', 'Kids'],
  ['pop', 'Pop'],
  ['punk', 'Punk'],
  ['rock', 'Rock'],
  ['singer_songwriter', 'Singer-Songwriter'],
  ['soul', 'Soul'],
  ['spoken_word', 'Spoken Word'],
  ['world', 'World'],
  ['other', 'Other'],
]);
export type Genre = (typeof GenreList.values)[number];

export const ActSizeList = choiceList([
  ['one_to_three', '1-3 persons'],
  ['four_plus', '4+ persons'],
]);

export const VenueSizePrefList = choiceList([
  ['one_to_three', '1-3 persons'],
  ['four_plus', '4+ persons'],
  ['any', 'Any size'],
]);

export const PerformerSoundSystemList = choiceList([
  ['bring_own', 'I will bring my own'],
  ['avail_others', 'I will bring my own and can share it'],
  ['dont_need', "I don't need one"],
  ['need_to_borrow', 'I need to borrow one'],
]);

/** Host electricity and host sound system. */
export const YesNoList = choiceList([
  ['yes', 'Yes'],
  ['no', 'No'],
]);

/**
 * docs/behaviour.md#enumerations: four slots, always named 'Slot 1' to 'Slot 4'; their times come
 * from the festival configuration.
 */
export const SLOT_DEFS = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'] as const;
export type SlotDef = (typeof SLOT_DEFS)[number];

/**
 * The amenities a venue can offer (docs/decisions/0024-porch-map-and-amenities.md): a field name
 * and the label shown beside its icon. Here, without zod, because the schedule filters by them.
 */
export const VENUE_AMENITIES = [
  { key: 'step_free', label: 'Step-free viewing' },
  { key: 'seating', label: 'Seating' },
  { key: 'shade', label: 'Shade' },
  { key: 'restroom_nearby', label: 'Restroom nearby' },
] as const;
export type VenueAmenity = (typeof VENUE_AMENITIES)[number]['key'];

export const isAmenity = (value: string): value is VenueAmenity => VENUE_AMENITIES.some((a) => a.key === value);
