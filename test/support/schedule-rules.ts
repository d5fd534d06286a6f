/**
 * An independent checker of a festival schedule against the hard rules of matchmaking (issue 24,
 * "What to build", item 1), written from the text alone. It imports nothing from
 * server/features/matching or server/features/drafts: its distance, its notion of an amplified
 * act, the slots' order and every rule are its own, so a test or benchmark that checks the draft
 * schedule (issue 25) with it does not check the solver with the solver's own rules.
 *
 * Use:
 *
 *     const violations = checkSchedule({ venues, acts, sets, day: 'festival' });
 *     // [] when every rule holds; otherwise one entry per broken rule, see `RuleViolation`.
 *
 * The venues and acts may be the fit model's `FitVenue` and `FitAct` as they are (the types below
 * are the fields the rules read, under the same names), or any plain data with these fields.
 *
 * The rules, each with the `rule` code of its violations (the codes of the fit model's blocks where
 * the rule is the same, so a violation and a block can be compared):
 * - `unknown_venue`, `unknown_act`: the set names a venue or act that is not in the data;
 * - `venue_hidden`, `act_hidden`: a set at a porch or of an act the committee hid;
 * - `slot_unavailable`: the porch does not offer the slot;
 * - `slot_taken`: a second set in one venue slot (at most one act per venue slot);
 * - `act_busy`: the act plays two sets in one slot (one act is never at two porches at one time);
 * - `owner_busy`: two acts of one performer account play in one slot;
 * - `not_preferred_slot`: the slot is not one of the act's preferred slots;
 * - `needs_sound_system`: an act that needs to borrow a sound system, at a porch without one;
 * - `needs_electricity`: an amplified act (any sound-system answer but `dont_need`) at a porch
 *   without electricity;
 * - `porch_too_small`: a 4+ person act at a porch whose size preference is 1-3 persons;
 * - `venue_not_on_rain_date`, `act_not_on_rain_date`: on the rain day, a porch or an act not
 *   available on the rain date;
 * - `earshot`: two amplified acts in one slot at porches closer than `earshot_m` (strictly), when
 *   both porches have pins;
 * - `walk_too_far`: two sets of one performer account (the same act or two of its acts) in
 *   consecutive slots at porches more than `max_walk_m` apart, when both porches have pins.
 *
 * Distances are great-circle distances on the mean Earth sphere, rounded to whole metres before
 * they are compared with a threshold, as the fit model compares them (issue 24's sentences show
 * whole metres, and pins are no more precise than that): 79.6 m counts as 80 m, so it is not
 * within an 80 m earshot; 600.4 m counts as 600 m, so it is not too far for a 600 m walk.
 *
 * Sets kept from today's schedule: a host may save a set against a hard rule (issue 24, item 5),
 * and a draft that keeps today's sets (`keep: 'scheduled'`) keeps such a set as it is. Pass those
 * sets as `kept`: a violation whose rule is in `keptExempt` (by default `HOST_OVERRIDABLE`) is left
 * out when every set it involves is kept. A kept set still counts against the other sets: a new
 * set within earshot of a kept amplified act, too far from its account's kept set, or in the same
 * slot as it, is a violation. Rules a host cannot override (a second set in one venue slot, one act
 * at two porches at one time, the rain date, hidden porches and acts) are never exempt.
 */

/** The festival's slots, in time order: Slot 1 and Slot 2 are consecutive, Slot 2 and Slot 3, and so on. */
export const SLOT_ORDER = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'] as const;
export type SlotName = (typeof SLOT_ORDER)[number];

export type ScheduleDay = 'festival' | 'rain';

/** What the rules read of a porch (a subset of the fit model's `FitVenue`, same names). */
export interface RulesVenue {
  id: number;
  /** 'one_to_three' | 'four_plus' | 'any'. */
  size_pref: string;
  electric: boolean;
  /** The porch provides a sound system to borrow. */
  sound_system: boolean;
  /** Available on the rain date. */
  rain_ok: boolean;
  lat: number | null;
  lng: number | null;
  hidden: boolean;
  /** The slots the porch offers: a list, or a map whose keys are the slots (its values are not read). */
  slots: ReadonlyMap<string, unknown> | readonly string[];
  address?: string;
}

/** What the rules read of an act (a subset of the fit model's `FitAct`, same names). */
export interface RulesAct {
  id: number;
  /** The performer account: one person cannot be at two porches. */
  owner_id: number;
  /** 'bring_own' | 'avail_others' | 'dont_need' | 'need_to_borrow'. */
  sound: string;
  /** 'one_to_three' | 'four_plus'. */
  size: string;
  rain_ok: boolean;
  preferred: readonly string[];
  hidden: boolean;
  name?: string;
}

/** A set: an act in a venue's slot. */
export interface ScheduledSet {
  venue_id: number;
  slot: string;
  act_id: number;
}

export type RuleCode =
  | 'unknown_venue'
  | 'unknown_act'
  | 'venue_hidden'
  | 'act_hidden'
  | 'slot_unavailable'
  | 'slot_taken'
  | 'act_busy'
  | 'owner_busy'
  | 'not_preferred_slot'
  | 'needs_sound_system'
  | 'needs_electricity'
  | 'porch_too_small'
  | 'venue_not_on_rain_date'
  | 'act_not_on_rain_date'
  | 'earshot'
  | 'walk_too_far';

/**
 * One broken rule. The set is the one the violation is reported on; a rule between two sets
 * (`slot_taken`, `act_busy`, `owner_busy`, `earshot`, `walk_too_far`) is reported once per pair,
 * on the later of the two in the input's order, with the earlier one as `other`.
 */
export interface RuleViolation {
  rule: RuleCode;
  venue_id: number;
  slot: string;
  act_id: number;
  /** A sentence for a test's failure message or a benchmark's log. */
  detail: string;
  other?: ScheduledSet;
}

/** The rules a host may save a set against (issue 24, item 5): exempt for kept sets by default. */
export const HOST_OVERRIDABLE: readonly RuleCode[] = [
  'not_preferred_slot',
  'needs_sound_system',
  'needs_electricity',
  'porch_too_small',
  'owner_busy',
  'earshot',
  'walk_too_far',
];

/** The distance thresholds; the configuration's `matching` section fits as it is. */
export interface DistanceRules {
  /** Two amplified acts never play one slot at porches closer than this (metres). Default 80. */
  earshot_m: number;
  /** One account's consecutive sets are at most this far apart (metres). Default 600. */
  max_walk_m: number;
}

export const DEFAULT_DISTANCE_RULES: DistanceRules = { earshot_m: 80, max_walk_m: 600 };

export interface ScheduleCheckInput {
  venues: Iterable<RulesVenue>;
  acts: Iterable<RulesAct>;
  /** The schedule to check: every set that plays. */
  sets: Iterable<ScheduledSet>;
  /** On the rain day only porches and acts available on the rain date may play. */
  day: ScheduleDay;
  /** The thresholds (`earshot_m`, `max_walk_m`); the defaults when left out. */
  rules?: Partial<DistanceRules>;
  /** The sets kept from today's schedule (see the file's comment); none when left out. */
  kept?: Iterable<ScheduledSet>;
  /** The rules not reported when every set involved is kept. `HOST_OVERRIDABLE` when left out. */
  keptExempt?: readonly RuleCode[];
}

/** Mean Earth radius (metres), IUGG. */
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two pins, by the haversine formula. */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = Math.PI / 180;
  const φ1 = a.lat * toRad;
  const φ2 = b.lat * toRad;
  const sinHalfDLat = Math.sin((φ2 - φ1) / 2);
  const sinHalfDLng = Math.sin(((b.lng - a.lng) * toRad) / 2);
  const h = sinHalfDLat * sinHalfDLat + Math.cos(φ1) * Math.cos(φ2) * sinHalfDLng * sinHalfDLng;
  return 2 * EARTH_RADIUS_M * Math.atan2(Math.sqrt(h), Math.sqrt(Math.max(0, 1 - h)));
}

/** Metres between two porches, rounded to whole metres; null when either has no pin. */
export function porchMetres(a: RulesVenue, b: RulesVenue): number | null {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return null;
  return Math.round(haversineMetres({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng }));
}

/** Amplified: any sound-system answer but "I don't need one". */
export const isAmplified = (act: Pick<RulesAct, 'sound'>): boolean => act.sound !== 'dont_need';

/** Whether two slots follow each other (Slot 1 and Slot 2, ...), in either order. */
export function consecutiveSlots(a: string, b: string): boolean {
  const i = SLOT_ORDER.indexOf(a as SlotName);
  const j = SLOT_ORDER.indexOf(b as SlotName);
  return i >= 0 && j >= 0 && Math.abs(i - j) === 1;
}

const offers = (venue: RulesVenue, slot: string): boolean =>
  Array.isArray(venue.slots)
    ? (venue.slots as readonly string[]).includes(slot)
    : (venue.slots as ReadonlyMap<string, unknown>).has(slot);

/**
 * The sets a list of venues holds: each offered slot whose map value is an act id. For venues in
 * the fit model's shape (`slots: Map<slot, act | null>`), this is today's schedule.
 */
export function setsHeldBy(venues: Iterable<RulesVenue>): ScheduledSet[] {
  const sets: ScheduledSet[] = [];
  for (const venue of venues) {
    if (Array.isArray(venue.slots)) continue;
    for (const [slot, act] of venue.slots as ReadonlyMap<string, unknown>) {
      if (typeof act === 'number') sets.push({ venue_id: venue.id, slot, act_id: act });
    }
  }
  return sets;
}

const setKey = (s: ScheduledSet) => `${s.venue_id}|${s.slot}|${s.act_id}`;
const describeSet = (s: ScheduledSet) => `act ${s.act_id} at venue ${s.venue_id} in ${s.slot}`;

/** Every broken hard rule of a schedule; an empty list when it keeps them all. */
export function checkSchedule(input: ScheduleCheckInput): RuleViolation[] {
  const venues = new Map<number, RulesVenue>();
  for (const v of input.venues) venues.set(v.id, v);
  const acts = new Map<number, RulesAct>();
  for (const a of input.acts) acts.set(a.id, a);
  const sets = [...input.sets];
  const rules: DistanceRules = { ...DEFAULT_DISTANCE_RULES, ...input.rules };
  const keptKeys = new Set([...(input.kept ?? [])].map(setKey));
  const exempt = new Set(input.keptExempt ?? HOST_OVERRIDABLE);
  const rain = input.day === 'rain';

  const out: RuleViolation[] = [];
  const report = (rule: RuleCode, set: ScheduledSet, detail: string, other?: ScheduledSet) => {
    const involved = other ? [set, other] : [set];
    if (exempt.has(rule) && involved.every((s) => keptKeys.has(setKey(s)))) return;
    out.push({
      rule,
      venue_id: set.venue_id,
      slot: set.slot,
      act_id: set.act_id,
      detail,
      ...(other ? { other: { venue_id: other.venue_id, slot: other.slot, act_id: other.act_id } } : {}),
    });
  };

  // The rules of each set alone.
  for (const set of sets) {
    const venue = venues.get(set.venue_id);
    const act = acts.get(set.act_id);
    if (!venue) report('unknown_venue', set, `${describeSet(set)}: no such venue`);
    if (!act) report('unknown_act', set, `${describeSet(set)}: no such act`);
    if (!venue || !act) continue;
    const what = describeSet(set);
    if (venue.hidden) report('venue_hidden', set, `${what}: the porch is hidden`);
    if (act.hidden) report('act_hidden', set, `${what}: the act is hidden`);
    if (!offers(venue, set.slot)) report('slot_unavailable', set, `${what}: the porch does not offer ${set.slot}`);
    if (!act.preferred.includes(set.slot)) {
      report('not_preferred_slot', set, `${what}: the act prefers ${act.preferred.join(', ') || 'no slot'}`);
    }
    if (act.sound === 'need_to_borrow' && !venue.sound_system) {
      report('needs_sound_system', set, `${what}: the act needs to borrow a sound system; the porch has none`);
    }
    if (isAmplified(act) && !venue.electric) {
      report('needs_electricity', set, `${what}: the act is amplified (${act.sound}); the porch has no electricity`);
    }
    if (act.size === 'four_plus' && venue.size_pref === 'one_to_three') {
      report('porch_too_small', set, `${what}: a 4+ person act at a porch for 1-3 persons`);
    }
    if (rain && !venue.rain_ok)
      report('venue_not_on_rain_date', set, `${what}: the porch is not available on the rain date`);
    if (rain && !act.rain_ok) report('act_not_on_rain_date', set, `${what}: the act cannot play on the rain date`);
  }

  // The rules between two sets: each unordered pair once, reported on the later one.
  for (let j = 0; j < sets.length; j++) {
    const b = sets[j]!;
    const vb = venues.get(b.venue_id);
    const ab = acts.get(b.act_id);
    for (let i = 0; i < j; i++) {
      const a = sets[i]!;
      const va = venues.get(a.venue_id);
      const aa = acts.get(a.act_id);
      const pair = `${describeSet(b)} and ${describeSet(a)}`;
      if (a.slot === b.slot) {
        if (a.venue_id === b.venue_id) report('slot_taken', b, `${pair}: two sets in one venue slot`, a);
        if (a.act_id === b.act_id) {
          if (a.venue_id !== b.venue_id) report('act_busy', b, `${pair}: one act at two porches at one time`, a);
        } else if (aa && ab && aa.owner_id === ab.owner_id) {
          report('owner_busy', b, `${pair}: performer account ${ab.owner_id} in two places at one time`, a);
        }
        if (aa && ab && va && vb && a.venue_id !== b.venue_id && isAmplified(aa) && isAmplified(ab)) {
          const metres = porchMetres(va, vb);
          if (metres !== null && metres < rules.earshot_m) {
            report('earshot', b, `${pair}: two amplified acts ${metres} m apart (earshot ${rules.earshot_m} m)`, a);
          }
        }
      } else if (consecutiveSlots(a.slot, b.slot) && aa && ab && va && vb && aa.owner_id === ab.owner_id) {
        const metres = porchMetres(va, vb);
        if (metres !== null && metres > rules.max_walk_m) {
          report(
            'walk_too_far',
            b,
            `${pair}: performer account ${ab.owner_id} in consecutive slots ${metres} m apart (at most ${rules.max_walk_m} m)`,
            a,
          );
        }
      }
    }
  }
  return out;
}

/** How many violations of each rule: `{ earshot: 2, ... }` (an empty object when none). */
export function countByRule(violations: readonly RuleViolation[]): Partial<Record<RuleCode, number>> {
  const counts: Partial<Record<RuleCode, number>> = {};
  for (const v of violations) counts[v.rule] = (counts[v.rule] ?? 0) + 1;
  return counts;
}
