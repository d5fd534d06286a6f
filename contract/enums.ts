import { z } from './zod.js';

/** An enumeration as the spec lists it: the stored value and the label people see. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

function choices<const V extends string>(list: ReadonlyArray<readonly [V, string]>) {
  const values = list.map(([v]) => v) as unknown as readonly [V, ...V[]];
  const options: Choice<V>[] = list.map(([value, label]) => ({ value, label }));
  const labels = Object.fromEntries(list) as Record<V, string>;
  return { values, options, labels, schema: z.enum(values) };
}

/** Spec 3: music genres. */
export const Genres = choices([
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
export type Genre = (typeof Genres.values)[number];
export const DEFAULT_GENRE: Genre = 'americana';

export const ActSizes = choices([
  ['one_to_three', '1-3 persons'],
  ['four_plus', '4+ persons'],
]);
export type ActSize = (typeof ActSizes.values)[number];

export const VenueSizePrefs = choices([
  ['one_to_three', '1-3 persons'],
  ['four_plus', '4+ persons'],
  ['any', 'Any size'],
]);
export type VenueSizePref = (typeof VenueSizePrefs.values)[number];

export const PerformerSoundSystems = choices([
  ['bring_own', 'I will bring my own'],
  ['avail_others', 'I will bring my own and can share it'],
  ['dont_need', "I don't need one"],
  ['need_to_borrow', 'I need to borrow one'],
]);
export type PerformerSoundSystem = (typeof PerformerSoundSystems.values)[number];

/** Host electricity and host sound system. */
export const YesNo = choices([
  ['yes', 'Yes'],
  ['no', 'No'],
]);
export type YesNoValue = (typeof YesNo.values)[number];

/** Spec 3 and 9: four slots, always named 'Slot 1' to 'Slot 4'; their times come from the festival configuration. */
export const SLOT_DEFS = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'] as const;
export type SlotDef = (typeof SLOT_DEFS)[number];
export const SlotDefSchema = z.enum(SLOT_DEFS, { error: 'Slot must be one of Slot 1, Slot 2, Slot 3, Slot 4' });

/** Spec 3: message topics for the committee contact form (the served list comes from the configuration). */
export const MessageTopics = choices([
  ['general', 'General question'],
  ['technical_issue', 'Technical issue'],
  ['matching', 'Matching'],
  ['volunteering', 'Volunteering'],
]);
