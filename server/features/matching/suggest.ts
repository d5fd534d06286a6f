import { SLOT_DEFS, type SlotDef } from '../../../contract/choices.js';
import type { ActSuggestion, FitNote, MatchingHealth, VenueSuggestion } from '../../../contract/matching.js';
import {
  assess,
  pairBlocks,
  scheduleBlocks,
  softNotes,
  type Audience,
  type FitAct,
  type FitVenue,
  type FitWorld,
  type ScheduleOptions,
  type SoftContext,
} from './fit.js';

/**
 * Ranking (docs/behaviour.md#matchmaking). A host's slot: the acts that pass every hard rule,
 * best score first; ties go to the act with fewer sets already, then by name (case-insensitive),
 * then by id. A performer's act: the open venue slots that pass, best score first; ties go to the
 * earlier slot, then by address, then by venue id. Hidden acts and porches are never suggested.
 */
const byName = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * What `assess` answers for a pair that passes every hard rule (its score, reasons and warnings),
 * or undefined for one that breaks any: the same rule functions, but the pair's own rules first,
 * the schedule's only when those pass, and the soft notes only for an eligible pair. A ranking
 * weighs hundreds of pairs of which most are blocked, and `assess` writes every sentence of every
 * pair (what `explain` shows); here a blocked pair costs only its rule checks. At 400 porches and
 * 600 acts (bench/matching.ts) a ranking took 0.6-0.8 ms instead of 1.6-2 ms, and 20 requests at
 * once hold the event loop that much less.
 */
function eligible(
  world: FitWorld,
  venue: FitVenue,
  slot: SlotDef,
  act: FitAct,
  context: SoftContext,
  audience: Audience,
  options: ScheduleOptions = {},
): { score: number; reasons: FitNote[]; warnings: FitNote[] } | undefined {
  if (pairBlocks(world, venue, slot, act, audience).length > 0) return undefined;
  if (scheduleBlocks(world, venue, slot, act, audience, options).length > 0) return undefined;
  return softNotes(world, venue, slot, act, context, audience);
}

export interface Ranked<T> {
  data: T[];
  total: number;
}

/** The acts to suggest for one slot of a host's porch, as the slots editor asks (the slot is theirs to fill). */
export function suggestActs(
  world: FitWorld,
  venueId: number,
  slot: SlotDef,
  inTouch: (performerId: number) => boolean,
  limit: number,
): Ranked<VenueSuggestion> {
  const out: (VenueSuggestion & { setCount: number })[] = [];
  const venue = world.venues.get(venueId);
  if (!venue) return { data: [], total: 0 };
  for (const act of world.acts.values()) {
    if (act.hidden) continue;
    const a = eligible(world, venue, slot, act, { inTouch: inTouch(act.owner_id) }, 'host', { openSlot: true });
    if (!a) continue;
    const sets = world.setsOf(act.id).filter((p) => !(p.venue_id === venueId && p.slot === slot));
    out.push({
      act_id: act.id,
      act_name: act.name,
      act_type: act.genre,
      sets: sets.map((p) => ({
        venue_id: p.venue_id,
        address: world.venues.get(p.venue_id)?.address ?? '',
        slot_def: p.slot,
      })),
      score: a.score,
      reasons: a.reasons,
      warnings: a.warnings,
      setCount: world.setsOf(act.id).length,
    });
  }
  out.sort(
    (a, b) => b.score - a.score || a.setCount - b.setCount || byName(a.act_name, b.act_name) || a.act_id - b.act_id,
  );
  return { data: out.slice(0, limit).map(({ setCount: _, ...s }) => s), total: out.length };
}

/** The open venue slots to suggest for a performer's act. */
export function suggestVenues(
  world: FitWorld,
  actId: number,
  inTouch: (hostId: number) => boolean,
  limit: number,
  audience: Audience = 'performer',
): Ranked<ActSuggestion> {
  const out: ActSuggestion[] = [];
  const act = world.acts.get(actId);
  if (!act) return { data: [], total: 0 };
  for (const venue of world.venues.values()) {
    if (venue.hidden) continue;
    for (const slot of act.preferred) {
      // Only open slots: offered and empty (a slot this act already holds is not a suggestion).
      if (!venue.slots.has(slot) || venue.slots.get(slot) !== null) continue;
      const a = eligible(world, venue, slot, act, { inTouch: inTouch(venue.owner_id) }, audience);
      if (!a) continue;
      out.push({
        venue_id: venue.id,
        address: venue.address,
        slot_def: slot,
        score: a.score,
        reasons: a.reasons,
        warnings: a.warnings,
      });
    }
  }
  out.sort(
    (a, b) =>
      b.score - a.score ||
      SLOT_DEFS.indexOf(a.slot_def) - SLOT_DEFS.indexOf(b.slot_def) ||
      byName(a.address, b.address) ||
      a.venue_id - b.venue_id,
  );
  return { data: out.slice(0, limit), total: out.length };
}

/** How many rule breaks and unplaced acts the desk lists at most (the figures count them all). */
const HEALTH_LIMIT = 200;

/**
 * The committee's view of the matching: porches with no act, acts with no porch and why, and the
 * scheduled sets that break a rule (hard ones a host saved anyway, and soft ones), by slot.
 */
export function matchingHealth(
  world: FitWorld,
  inTouch: (hostId: number, performerId: number) => boolean,
): MatchingHealth {
  const venuesWithoutAct: MatchingHealth['venues_without_act'] = [];
  for (const v of world.venues.values()) {
    if (v.hidden || v.slots.size === 0 || [...v.slots.values()].some((a) => a !== null)) continue;
    venuesWithoutAct.push({ venue_id: v.id, address: v.address, open_slots: v.slots.size });
  }
  venuesWithoutAct.sort((a, b) => byName(a.address, b.address) || a.venue_id - b.venue_id);

  const actsWithoutVenue: MatchingHealth['acts_without_venue'] = [];
  for (const act of world.acts.values()) {
    if (act.hidden || world.setsOf(act.id).length > 0) continue;
    let fitting = 0;
    /** How often each hard rule stopped an open slot at the act's preferred times. */
    const stopped = new Map<string, { note: FitNote; n: number }>();
    let openAtTimes = 0;
    for (const venue of world.venues.values()) {
      if (venue.hidden) continue;
      for (const slot of act.preferred) {
        if (!venue.slots.has(slot) || venue.slots.get(slot) !== null) continue;
        openAtTimes++;
        const blocks = [...pairBlocks(world, venue, slot, act), ...scheduleBlocks(world, venue, slot, act)];
        if (blocks.length === 0) fitting++;
        for (const b of new Map(blocks.map((x) => [x.code, x])).values()) {
          const seen = stopped.get(b.code);
          if (seen) seen.n++;
          else stopped.set(b.code, { note: b, n: 1 });
        }
      }
    }
    const reasons: FitNote[] = [];
    if (openAtTimes === 0) {
      reasons.push({ code: 'no_open_slot', text: 'No porch has an open slot at the times the act prefers' });
    } else if (fitting === 0) {
      for (const { note, n } of [...stopped.values()].sort((a, b) => b.n - a.n)) {
        reasons.push({
          code: note.code,
          text: `${ruleName(note.code)}: stops ${n} of ${openAtTimes} open slots at its times`,
        });
      }
    } else {
      reasons.push({
        code: 'fits',
        text: `${fitting} open ${fitting === 1 ? 'slot fits' : 'slots fit'}: not yet chosen by a host`,
      });
    }
    actsWithoutVenue.push({ act_id: act.id, act_name: act.name, fitting_slots: fitting, reasons });
  }
  actsWithoutVenue.sort(
    (a, b) => a.fitting_slots - b.fitting_slots || byName(a.act_name, b.act_name) || a.act_id - b.act_id,
  );

  const ruleBreaks: MatchingHealth['rule_breaks'] = [];
  for (const slot of SLOT_DEFS) {
    const inSlot: MatchingHealth['rule_breaks'] = [];
    for (const p of world.placements()) {
      if (p.slot !== slot) continue;
      const venue = world.venues.get(p.venue_id);
      const act = world.acts.get(p.act_id);
      if (!venue || !act) continue;
      const a = assess(world, venue.id, slot, act.id, { inTouch: inTouch(venue.owner_id, act.owner_id) });
      if (!a) continue;
      // Where else an act plays, and a porch without a pin, inform; they break no rule.
      const warnings = a.warnings.filter((w) => w.code !== 'also_plays' && w.code !== 'no_pin');
      if (a.blocks.length === 0 && warnings.length === 0) continue;
      inSlot.push({
        venue_id: venue.id,
        address: venue.address,
        slot_def: slot,
        act_id: act.id,
        act_name: act.name,
        blocks: a.blocks,
        warnings,
      });
    }
    inSlot.sort((a, b) => b.blocks.length - a.blocks.length || byName(a.address, b.address) || a.venue_id - b.venue_id);
    ruleBreaks.push(...inSlot);
  }
  return {
    totals: {
      venues_without_act: venuesWithoutAct.length,
      acts_without_venue: actsWithoutVenue.length,
      rule_breaks: ruleBreaks.length,
    },
    venues_without_act: venuesWithoutAct.slice(0, HEALTH_LIMIT),
    acts_without_venue: actsWithoutVenue.slice(0, HEALTH_LIMIT),
    rule_breaks: ruleBreaks.slice(0, HEALTH_LIMIT),
  };
}

const RULE_NAMES: Record<string, string> = {
  slot_unavailable: 'Slot not offered',
  slot_taken: 'Slot taken',
  not_preferred_slot: 'Not a preferred slot',
  act_busy: 'Plays elsewhere then',
  owner_busy: 'Same performer elsewhere',
  needs_sound_system: 'Needs a sound system',
  needs_electricity: 'Needs electricity',
  porch_too_small: 'Porch too small',
  venue_not_on_rain_date: 'Porch not on the rain date',
  act_not_on_rain_date: 'Not on the rain date',
  earshot: 'Within earshot of another amplified act',
  walk_too_far: 'Too far from its other set',
};
const ruleName = (code: string) => RULE_NAMES[code] ?? code;
