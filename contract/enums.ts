import { z } from './zod.js';
import {
  ActSizeList,
  choiceList,
  GenreList,
  PerformerSoundSystemList,
  SLOT_DEFS,
  VenueSizePrefList,
  YesNoList,
  type SlotDef,
} from './choices.js';

export type { Choice } from './choices.js';

/** A plain list of choices.ts with its schema, for validation. */
function withSchema<const V extends string>(list: ReturnType<typeof choiceList<V>>) {
  return { ...list, schema: z.enum(list.values) };
}

function choices<const V extends string>(list: ReadonlyArray<readonly [V, string]>) {
  return withSchema(choiceList(list));
}

/**
 * docs/behaviour.md#enumerations: music genres (the list itself is zod-free in choices.ts, for
 * pages that only show labels).
 */
export const Genres = withSchema(GenreList);
export type Genre = (typeof Genres.values)[number];
export const DEFAULT_GENRE: Genre = 'americana';

export const ActSizes = withSchema(ActSizeList);
export type ActSize = (typeof ActSizes.values)[number];

export const VenueSizePrefs = withSchema(VenueSizePrefList);
export type VenueSizePref = (typeof VenueSizePrefs.values)[number];

export const PerformerSoundSystems = withSchema(PerformerSoundSystemList);
export type PerformerSoundSystem = (typeof PerformerSoundSystems.values)[number];

/** Host electricity and host sound system. */
export const YesNo = withSchema(YesNoList);
export type YesNoValue = (typeof YesNo.values)[number];

export { SLOT_DEFS, type SlotDef };
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
