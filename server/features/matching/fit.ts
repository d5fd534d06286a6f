import { GenreList, SLOT_DEFS, type Genre, type SlotDef } from '../../../contract/choices.js';
import { BLOCK_CODES, type BlockCode, type FitNote } from '../../../contract/matching.js';
import type { FestivalConfig } from '../../../contract/festival.js';
import { scheduleClock } from '../../../contract/festival-time.js';

/**
 * The fit model (docs/decisions/0049-matchmaking.md, docs/behaviour.md#matchmaking): given a venue
 * slot and an act, whether the pair may be suggested (the hard rules that block it) and, when it
 * may, a score with its reasons and warnings. Pure: no database, no clock. The hosts' and
 * performers' suggestions, the committee's health figures and the draft schedule's solver all
 * read their rules from here, so they never disagree.
 *
 * Two kinds of hard rule:
 * - rules of the pair alone (`pairBlocks`): the act's preferred slots, sound and electricity, the
 *   porch's size, the rain date; the solver makes variables only for pairs that pass these;
 * - rules of the schedule around the pair (`scheduleBlocks`): the slot offered and empty, the act
 *   and its performer account elsewhere at that time, earshot, walking; the solver writes these as
 *   constraints, with the same `amplified`, `earshotPairs` and `walkTooFar` as here.
 */

export type VenueSize = 'one_to_three' | 'four_plus' | 'any';
export type ActSize = 'one_to_three' | 'four_plus';
export type SoundSystem = 'bring_own' | 'avail_others' | 'dont_need' | 'need_to_borrow';

export interface FitVenue {
  id: number;
  owner_id: number;
  address: string;
  size_pref: VenueSize;
  electric: boolean;
  sound_system: boolean;
  rain_ok: boolean;
  genres: readonly Genre[];
  lat: number | null;
  lng: number | null;
  hidden: boolean;
  /** The slots the porch offers, each with its act or null. */
  slots: ReadonlyMap<SlotDef, number | null>;
}

export interface FitAct {
  id: number;
  owner_id: number;
  name: string;
  genre: Genre;
  size: ActSize;
  sound: SoundSystem;
  rain_ok: boolean;
  preferred: readonly SlotDef[];
  venue_pref: string | null;
  hidden: boolean;
}

/** Who reads the sentences: the porch's host, the act's performer, or anyone else (the committee). */
export type Audience = 'host' | 'performer' | 'committee';

/** What the fit model needs of the festival: slot times and the `matching` section. */
export type FitFestival = Pick<FestivalConfig, 'slots' | 'matching'>;

/** A set: an act in a venue's slot. */
export interface Placement {
  venue_id: number;
  slot: SlotDef;
  act_id: number;
}

export interface Assessment {
  eligible: boolean;
  score: number;
  reasons: FitNote[];
  warnings: FitNote[];
  blocks: FitNote[];
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function pinOf(venue: FitVenue): { lat: number; lng: number } | null {
  return venue.lat === null || venue.lng === null ? null : { lat: venue.lat, lng: venue.lng };
}

/** Metres between two porches, or null when either has no pin (the rules that need it do not apply). */
export function venueDistance(a: FitVenue, b: FitVenue): number | null {
  const pa = pinOf(a);
  const pb = pinOf(b);
  return pa && pb ? distanceM(pa, pb) : null;
}

/** An amplified act: any sound system answer but "I don't need one". */
export const amplified = (act: Pick<FitAct, 'sound'>) => act.sound !== 'dont_need';

/**
 * A distance as the rules compare it: in whole metres, as the sentences show it. Pins are not more
 * precise than that, and a pair said to be "600 m away" is then never refused for being more than
 * 600 m apart (rounding error in the pins made an exact 600 m come out as 600.000001).
 */
const wholeMetres = (metres: number) => Math.round(metres);

/** Two porches closer than `earshot_m` (strictly): two amplified acts never play one slot at them. */
export const withinEarshot = (festival: FitFestival, metres: number) =>
  wholeMetres(metres) < festival.matching.earshot_m;

/** Two porches further apart than `max_walk_m`: one performer account never plays them in consecutive slots. */
export const walkTooFar = (festival: FitFestival, metres: number) => wholeMetres(metres) > festival.matching.max_walk_m;

/** The slots just before and after `slot`, in the configuration's order. */
export function adjacentSlots(slot: SlotDef): SlotDef[] {
  const i = SLOT_DEFS.indexOf(slot);
  return [SLOT_DEFS[i - 1], SLOT_DEFS[i + 1]].filter((s): s is SlotDef => s !== undefined);
}

/** A porch that asked for every genre takes any act's genre. */
export const takesAnyGenre = (venue: Pick<FitVenue, 'genres'>) => venue.genres.length >= GenreList.values.length;

/** '52 Cedar Road' -> 'cedar road': the street a porch is on, lower-cased, without accents or its number. */
export function streetOf(address: string): string {
  return normalise(address.split(',')[0] ?? '')
    .replace(/^\s*\d+[a-z]?\s*/, '')
    .trim();
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether an act's preferred-venue text names the porch's street (as a whole word sequence). */
export function namesStreet(venuePref: string | null, address: string): boolean {
  if (!venuePref) return false;
  const street = streetOf(address);
  if (street.length < 3) return false;
  return ` ${normalise(venuePref)} `.includes(` ${street} `);
}

/** '1:30pm': when a slot starts, from the configuration. */
export function slotStart(festival: FitFestival, slot: SlotDef): string {
  // Written into most sentences: worked out once per configuration (a quarter of a ranking's time).
  let starts = slotStarts.get(festival.slots);
  if (!starts) {
    starts = new Map(SLOT_DEFS.map((s, i) => [s, festival.slots[i] ? scheduleClock(festival.slots[i].start) : s]));
    slotStarts.set(festival.slots, starts);
  }
  return starts.get(slot) ?? slot;
}
const slotStarts = new WeakMap<FitFestival['slots'], Map<SlotDef, string>>();

const metres = (m: number) => `${Math.round(m)} m`;
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const genreLabel = (g: Genre) => GenreList.labels[g].toLowerCase();
const SIZE_LABELS: Record<VenueSize, string> = {
  one_to_three: '1-3 persons',
  four_plus: '4+ persons',
  any: 'any size',
};

const note = (code: string, text: string): FitNote => ({ code, text });
const block = (code: BlockCode, text: string): FitNote => ({ code, text });

/**
 * The placed sets of a schedule, indexed for the fit rules: who plays where at each slot, each
 * act's sets, each performer account's sets, and the porches within earshot of each porch.
 * Built once per catalogue version (world.ts) or per draft (the solver's checks).
 */
export class FitWorld {
  readonly venues: ReadonlyMap<number, FitVenue>;
  readonly acts: ReadonlyMap<number, FitAct>;
  /** `${venue}|${slot}` -> act. */
  private readonly occupant = new Map<string, number>();
  private readonly setsOfAct = new Map<number, Placement[]>();
  private readonly setsOfOwner = new Map<number, Placement[]>();
  private neighbourCache: Map<number, { venue_id: number; metres: number }[]> | null = null;

  constructor(
    readonly festival: FitFestival,
    venues: Iterable<FitVenue>,
    acts: Iterable<FitAct>,
    /** The rain date is in force (the committee's switch). */
    readonly rainActive: boolean,
    /** The sets; by default those the venues' slots hold. */
    placements?: Iterable<Placement>,
  ) {
    this.venues = new Map([...venues].map((v) => [v.id, v]));
    this.acts = new Map([...acts].map((a) => [a.id, a]));
    const sets =
      placements ??
      [...this.venues.values()].flatMap((v) =>
        [...v.slots].flatMap(([slot, act]) => (act === null ? [] : [{ venue_id: v.id, slot, act_id: act }])),
      );
    for (const p of sets) this.place(p);
  }

  private place(p: Placement) {
    this.occupant.set(`${p.venue_id}|${p.slot}`, p.act_id);
    push(this.setsOfAct, p.act_id, p);
    const owner = this.acts.get(p.act_id)?.owner_id;
    if (owner !== undefined) push(this.setsOfOwner, owner, p);
  }

  /** The act in a venue's slot, if any. */
  occupantOf(venueId: number, slot: SlotDef): number | undefined {
    return this.occupant.get(`${venueId}|${slot}`);
  }

  setsOf(actId: number): readonly Placement[] {
    return this.setsOfAct.get(actId) ?? [];
  }

  setsOfAccount(ownerId: number): readonly Placement[] {
    return this.setsOfOwner.get(ownerId) ?? [];
  }

  /** Every placed set. */
  *placements(): Iterable<Placement> {
    for (const sets of this.setsOfAct.values()) yield* sets;
  }

  /** The porches with pins closer than `earshot_m` to this one (computed once for all porches). */
  neighbours(venueId: number): readonly { venue_id: number; metres: number }[] {
    if (!this.neighbourCache) this.neighbourCache = earshotNeighbours(this.festival, [...this.venues.values()]);
    return this.neighbourCache.get(venueId) ?? [];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Every pair of pinned porches within earshot, as each porch's neighbour list. Sorted by latitude
 * so each porch is compared only with those whose latitude is close enough: linear in practice.
 */
export function earshotNeighbours(
  festival: FitFestival,
  venues: readonly FitVenue[],
): Map<number, { venue_id: number; metres: number }[]> {
  const pinned = venues.filter((v) => pinOf(v)).sort((a, b) => a.lat! - b.lat!);
  const out = new Map<number, { venue_id: number; metres: number }[]>();
  // A degree of latitude is at least 110.5 km everywhere: a wider window never misses a pair.
  const window = festival.matching.earshot_m / 110_500;
  for (let i = 0; i < pinned.length; i++) {
    const a = pinned[i]!;
    for (let j = i + 1; j < pinned.length && pinned[j]!.lat! - a.lat! <= window; j++) {
      const b = pinned[j]!;
      const d = venueDistance(a, b)!;
      if (!withinEarshot(festival, d)) continue;
      push(out, a.id, { venue_id: b.id, metres: d });
      push(out, b.id, { venue_id: a.id, metres: d });
    }
  }
  return out;
}

/** The hard rules of the pair alone: what never changes with the rest of the schedule. */
export function pairBlocks(
  world: Pick<FitWorld, 'festival' | 'rainActive'>,
  venue: FitVenue,
  slot: SlotDef,
  act: FitAct,
  audience: Audience = 'committee',
): FitNote[] {
  const blocks: FitNote[] = [];
  const festival = world.festival;
  if (!act.preferred.includes(slot)) {
    const times = list(act.preferred.map((s) => slotStart(festival, s)));
    blocks.push(
      block(
        'not_preferred_slot',
        audience === 'performer'
          ? `${slot} (${slotStart(festival, slot)}) is not one of your preferred slots`
          : `Prefers to play at ${times}, not ${slotStart(festival, slot)}`,
      ),
    );
  }
  if (act.sound === 'need_to_borrow' && !venue.sound_system) {
    blocks.push(
      block(
        'needs_sound_system',
        audience === 'host'
          ? 'This act needs to borrow a sound system; your porch has none'
          : audience === 'performer'
            ? 'You need to borrow a sound system; this porch has none'
            : 'Needs to borrow a sound system; the porch has none',
      ),
    );
  }
  if (amplified(act) && !venue.electric) {
    blocks.push(
      block(
        'needs_electricity',
        audience === 'host'
          ? 'This act needs electricity; your porch has none'
          : audience === 'performer'
            ? 'Your sound system needs electricity; this porch has none'
            : 'Needs electricity; the porch has none',
      ),
    );
  }
  if (act.size === 'four_plus' && venue.size_pref === 'one_to_three') {
    blocks.push(
      block(
        'porch_too_small',
        audience === 'host'
          ? 'A 4+ person act; your porch is for 1-3 persons'
          : audience === 'performer'
            ? 'Your act is 4+ persons; this porch is for 1-3 persons'
            : 'A 4+ person act; the porch is for 1-3 persons',
      ),
    );
  }
  if (world.rainActive && !venue.rain_ok) {
    blocks.push(
      block(
        'venue_not_on_rain_date',
        audience === 'host'
          ? 'Your porch is not available on the rain date, which is now in force'
          : 'The porch is not available on the rain date, which is now in force',
      ),
    );
  }
  if (world.rainActive && !act.rain_ok) {
    blocks.push(
      block(
        'act_not_on_rain_date',
        audience === 'performer'
          ? 'Your act cannot play on the rain date, which is now in force'
          : 'The act cannot play on the rain date, which is now in force',
      ),
    );
  }
  return blocks;
}

export interface ScheduleOptions {
  /**
   * The host's view while choosing: their slot counts as offered and empty (whatever is saved in
   * it now is theirs to replace), as the slots editor asks before a save.
   */
  openSlot?: boolean;
}

/** Where a set is, for a sentence: '1:30pm at 12 Elm Street' (a hidden porch is not named). */
function whereText(world: FitWorld, p: Placement): string {
  const venue = world.venues.get(p.venue_id);
  const at = venue && !venue.hidden ? venue.address : 'another porch';
  return `${slotStart(world.festival, p.slot)} at ${at}`;
}

/** The hard rules of the schedule around the pair. */
export function scheduleBlocks(
  world: FitWorld,
  venue: FitVenue,
  slot: SlotDef,
  act: FitAct,
  audience: Audience = 'committee',
  options: ScheduleOptions = {},
): FitNote[] {
  const blocks: FitNote[] = [];
  const festival = world.festival;
  const open = options.openSlot === true;
  if (!open && !venue.slots.has(slot)) {
    blocks.push(
      block(
        'slot_unavailable',
        audience === 'host' ? `${slot} is not turned on at your porch` : `The porch does not offer ${slot}`,
      ),
    );
  }
  const occupant = world.occupantOf(venue.id, slot);
  if (!open && occupant !== undefined && occupant !== act.id) {
    blocks.push(block('slot_taken', `${slot} at ${venue.address} already has an act`));
  }
  // A set in this very slot is the one being replaced (open) or this act's own: never in the way.
  const here = (p: Placement) => p.venue_id === venue.id && p.slot === slot;

  for (const p of world.setsOf(act.id)) {
    if (p.slot === slot && !here(p)) {
      blocks.push(block('act_busy', `Plays at ${whereText(world, p)}`));
    }
  }
  for (const p of world.setsOfAccount(act.owner_id)) {
    if (p.act_id === act.id || p.slot !== slot || here(p)) continue;
    const other = world.acts.get(p.act_id);
    blocks.push(
      block(
        'owner_busy',
        audience === 'performer'
          ? `You play at ${whereText(world, p)} with ${other?.name ?? 'another act'}`
          : `The same performer plays at ${whereText(world, p)} with ${other?.name ?? 'another act'}`,
      ),
    );
  }
  if (amplified(act)) {
    for (const n of world.neighbours(venue.id)) {
      const other = world.occupantOf(n.venue_id, slot);
      if (other === undefined || other === act.id) continue;
      const otherAct = world.acts.get(other);
      if (!otherAct || !amplified(otherAct)) continue;
      blocks.push(
        block(
          'earshot',
          `Within earshot (${metres(n.metres)}) of ${otherAct.name}, amplified at ${whereText(world, {
            venue_id: n.venue_id,
            slot,
            act_id: other,
          })}; amplified acts play at least ${festival.matching.earshot_m} m apart`,
        ),
      );
    }
  }
  const near = new Set(adjacentSlots(slot));
  for (const p of world.setsOfAccount(act.owner_id)) {
    if (!near.has(p.slot) || p.venue_id === venue.id) continue;
    const there = world.venues.get(p.venue_id);
    const d = there ? venueDistance(venue, there) : null;
    if (d === null || !walkTooFar(festival, d)) continue;
    const who = audience === 'performer' ? 'You play' : p.act_id === act.id ? 'Plays' : 'The same performer plays';
    blocks.push(
      block(
        'walk_too_far',
        `${who} at ${whereText(world, p)}, ${metres(d)} away; consecutive sets are at most ${festival.matching.max_walk_m} m apart`,
      ),
    );
  }
  return blocks;
}

export interface SoftContext {
  /** The porch's host and the act's owner have written to each other through the app. */
  inTouch: boolean;
}

/** The soft reasons (points) and warnings of a pair, whatever the hard rules say. */
export function softNotes(
  world: FitWorld,
  venue: FitVenue,
  slot: SlotDef,
  act: FitAct,
  context: SoftContext,
  audience: Audience = 'committee',
): { score: number; reasons: FitNote[]; warnings: FitNote[] } {
  const w = world.festival.matching.weights;
  const reasons: FitNote[] = [];
  const warnings: FitNote[] = [];
  let score = 0;
  const add = (points: number, code: string, text: string) => {
    score += points;
    reasons.push(note(code, text));
  };

  const genre = genreLabel(act.genre);
  if (takesAnyGenre(venue)) {
    add(
      w.genre,
      'genre',
      audience === 'performer' ? 'The porch takes every genre' : `Plays ${genre}; any genre is welcome`,
    );
  } else if (venue.genres.includes(act.genre)) {
    add(
      w.genre,
      'genre',
      audience === 'host'
        ? `Plays ${genre}, which you asked for`
        : audience === 'performer'
          ? `The porch asks for ${genre}`
          : `Plays ${genre}, which the porch asked for`,
    );
  } else {
    const asked = list(venue.genres.map(genreLabel));
    warnings.push(
      note(
        'genre_not_asked',
        audience === 'performer'
          ? `The porch asks for ${asked}, not ${genre}`
          : `Plays ${genre}; the porch asked for ${asked}`,
      ),
    );
  }

  if (venue.size_pref === act.size) {
    add(
      w.size,
      'size',
      audience === 'host'
        ? 'Fits your porch size'
        : audience === 'performer'
          ? `The porch is for ${SIZE_LABELS[venue.size_pref]}, your size`
          : `Fits the porch size (${SIZE_LABELS[venue.size_pref]})`,
    );
  } else if (venue.size_pref === 'four_plus' && act.size === 'one_to_three') {
    warnings.push(note('smaller_than_asked', 'A 1-3 person act on a porch set for 4+ persons'));
  }

  if (venue.rain_ok && act.rain_ok) {
    add(
      w.rain,
      'rain',
      audience === 'performer' ? 'The porch is also available on the rain date' : 'Can also play on the rain date',
    );
  } else if (!world.rainActive) {
    warnings.push(
      note(
        'no_rain_plan',
        !act.rain_ok && !venue.rain_ok
          ? 'Neither the act nor the porch is available on the rain date'
          : !act.rain_ok
            ? 'The act cannot play on the rain date'
            : 'The porch is not available on the rain date',
      ),
    );
  }

  if (context.inTouch) {
    add(
      w.contact,
      'in_touch',
      audience === 'committee'
        ? 'The host and the performer have written to each other'
        : 'You have been in touch through the app',
    );
  }
  if (namesStreet(act.venue_pref, venue.address)) {
    add(
      w.street,
      'street',
      audience === 'performer'
        ? `You asked for ${streetTitle(venue.address)}`
        : `Asked to play on ${streetTitle(venue.address)}`,
    );
  }
  const sets = world.setsOf(act.id);
  if (sets.length === 0)
    add(w.unplaced, 'no_porch_yet', audience === 'performer' ? 'Your act has no porch yet' : 'Has no porch yet');

  for (const p of sets) {
    if (p.venue_id === venue.id && p.slot === slot) continue;
    warnings.push(note('also_plays', `Also plays at ${whereText(world, p)}`));
  }
  if (amplified(act) && pinOf(venue) === null) {
    warnings.push(note('no_pin', 'The porch has no pin on the map: earshot and walking distance are not checked'));
  }
  return { score, reasons, warnings };
}

/** '52 Cedar Road' -> 'Cedar Road'. */
function streetTitle(address: string): string {
  return (address.split(',')[0] ?? address).replace(/^\s*\d+[A-Za-z]?\s+/, '').trim();
}

/** The whole answer for one pair: hard rules, then the soft score. */
export function assess(
  world: FitWorld,
  venueId: number,
  slot: SlotDef,
  actId: number,
  context: SoftContext,
  audience: Audience = 'committee',
  options: ScheduleOptions = {},
): Assessment | undefined {
  const venue = world.venues.get(venueId);
  const act = world.acts.get(actId);
  if (!venue || !act) return undefined;
  // Listed in the order of BLOCK_CODES (the slot itself, then the pair, then the schedule around it).
  const blocks = [
    ...pairBlocks(world, venue, slot, act, audience),
    ...scheduleBlocks(world, venue, slot, act, audience, options),
  ]
    .map((b, i) => ({ b, i, rank: BLOCK_CODES.indexOf(b.code as BlockCode) }))
    .sort((x, y) => x.rank - y.rank || x.i - y.i)
    .map((x) => x.b);
  const soft = softNotes(world, venue, slot, act, context, audience);
  const eligible = blocks.length === 0;
  return { eligible, score: eligible ? soft.score : 0, reasons: soft.reasons, warnings: soft.warnings, blocks };
}
