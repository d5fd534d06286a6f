import { z } from './zod.js';
import { choiceList, GenreList } from './choices.js';

export type { Choice } from './choices.js';

function choices<const V extends string>(list: ReadonlyArray<readonly [V, string]>) {
  const plain = choiceList(list);
  return { ...plain, schema: z.enum(plain.values) };
}

/**
 * docs/behaviour.md#enumerations: music genres (the list itself is zod-free in choices.ts, for
 * pages that only show labels).
 */
export const Genres = { ...GenreList, schema: z.enum(GenreList.values) };
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

/**
 * docs/behaviour.md#enumerations: four slots, always named 'Slot 1' to 'Slot 4'; their times come
 * from the festival configuration.
 */
export const SLOT_DEFS = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'] as const;
export type SlotDef = (typeof SLOT_DEFS)[number];
export const SlotDefSchema = z.enum(SLOT_DEFS, { error: 'Slot must be one of Slot 1, Slot 2, Slot 3, Slot 4' });

/**
 * docs/behaviour.md#enumerations: message topics for the committee contact form (the served list
 * comes from the configuration).
 */
export const MessageTopics = choices([
  ['general', 'General question'],
  ['technical_issue', 'Technical issue'],
  ['matching', 'Matching'],
  ['volunteering', 'Volunteering'],
]);
