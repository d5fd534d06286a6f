/**
 * Porches and acts as the fit model reads them (server/features/matching/fit.ts), for the unit
 * tests of the fit model and of the draft schedule: each builder makes the most agreeable one, and
 * a test names only the traits it is about.
 *
 *   fitVenue(2, { genres: ['jazz'], slots: ['Slot 1'] })      // offers Slot 1, empty
 *   fitVenue(3, { slots: { 'Slot 1': 7, 'Slot 2': null } })   // act 7 plays Slot 1; Slot 2 empty
 *   fitAct(4, { sound: 'bring_own', ...{} })
 *   fitVenue(5, { ...north(40) })                              // pinned 40 m north of HOME
 */
import type { SlotDef } from '../../contract/choices.js';
import type { FitAct, FitVenue } from '../../server/features/matching/fit.js';

export const ALL_SLOTS: SlotDef[] = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'];

/** Metres in one degree of latitude on the mean Earth sphere (R = 6 371 008.8 m). */
export const M_PER_DEG_LAT = 111_195.08;
export const HOME = { lat: 42.444, lng: -76.5019 };
/** A pin `m` metres due north of HOME. */
export const north = (m: number) => ({ lat: HOME.lat + m / M_PER_DEG_LAT, lng: HOME.lng });

export type FitVenueTraits = Partial<Omit<FitVenue, 'slots'>> & {
  /** The offered slots: a list (each empty), or each with its current act (null: empty). Default: all four, empty. */
  slots?: readonly SlotDef[] | Partial<Record<SlotDef, number | null>>;
};

/**
 * A folk porch at `${id} Elm Street` of any size, with electricity and a sound system, free at
 * every slot, no pin, owned by account 1000 + id: it takes every act of fitAct's default traits.
 */
export function fitVenue(id: number, traits: FitVenueTraits = {}): FitVenue {
  const { slots = ALL_SLOTS, ...rest } = traits;
  const entries: [SlotDef, number | null][] = Array.isArray(slots)
    ? (slots as readonly SlotDef[]).map((s) => [s, null])
    : (Object.entries(slots) as [SlotDef, number | null][]);
  return {
    id,
    owner_id: 1000 + id,
    address: `${id} Elm Street`,
    size_pref: 'any',
    electric: true,
    sound_system: true,
    rain_ok: true,
    genres: ['folk'],
    lat: null,
    lng: null,
    hidden: false,
    slots: new Map(entries),
    ...rest,
  };
}

/** A 1-3 person, unamplified folk act free at every slot, owned by account 2000 + id. */
export function fitAct(id: number, traits: Partial<FitAct> = {}): FitAct {
  return {
    id,
    owner_id: 2000 + id,
    name: `Act ${id}`,
    genre: 'folk',
    size: 'one_to_three',
    sound: 'dont_need',
    rain_ok: true,
    preferred: ALL_SLOTS,
    venue_pref: null,
    hidden: false,
    ...traits,
  };
}
