import { SLOT_DEFS } from '../../../contract/choices.js';
import type { DraftAssignment, DraftDay, DraftKeep } from '../../../contract/drafts.js';
import type { FitNote } from '../../../contract/matching.js';
import {
  assess,
  FitWorld,
  pairBlocks,
  slotStart,
  type FitAct,
  type FitFestival,
  type FitVenue,
  type Placement,
} from '../matching/fit.js';
import type { ObjectiveLevel, SolveResult } from './highs.js';
import { buildDraftModel, canHappen } from './model.js';

/**
 * A draft schedule from start to end, apart from the database: the model, the solve, and what the
 * committee reviews. Runs in the solver's own process (solver-process.ts); its input and output
 * cross the thread by structured clone.
 */
export interface DraftInput {
  festival: FitFestival;
  venues: FitVenue[];
  acts: FitAct[];
  /** The (host, performer) accounts in touch, as `${host}|${performer}`. */
  contacts: string[];
  day: DraftDay;
  keep: DraftKeep;
  timeLimitS: number;
  candidatesPerAct?: number;
}

export interface DraftFigures {
  acts_placed: number;
  porches_used: number;
  soft_breaks: number;
  hard_breaks: number;
}

export interface DraftOutcome {
  optimal: boolean;
  gap: number;
  placed: number;
  unplaced: { act_id: number; act_name: string; reasons: FitNote[] }[];
  assignments: DraftAssignment[];
  solve_ms: number;
  before: DraftFigures;
  after: DraftFigures;
  /** Size of the model, for the benchmark and the log. */
  variables: number;
}

/** The warnings that mean a soft rule is broken (the others only inform). */
export const SOFT_BREAKS = new Set(['genre_not_asked', 'smaller_than_asked', 'no_rain_plan']);

export function draftSchedule(
  input: DraftInput,
  solve: (lp: string, timeLimitS: number, levels: readonly ObjectiveLevel[]) => SolveResult,
): DraftOutcome {
  const contacts = new Set(input.contacts);
  const inTouch = (host: number, performer: number) => contacts.has(`${host}|${performer}`);
  const rain = input.day === 'rain';
  // Today's schedule, read under the rules of the draft's day.
  const current = new FitWorld(input.festival, input.venues, input.acts, rain);
  const model = buildDraftModel(current, {
    day: input.day,
    keep: input.keep,
    inTouch,
    candidatesPerAct: input.candidatesPerAct,
  });
  const result: SolveResult =
    model.candidates.length === 0
      ? { optimal: true, gap: 0, chosen: new Set(), ms: 0, levels: [] }
      : solve(model.lp, input.timeLimitS, model.levels);

  const chosen = model.candidates.filter((c) => result.chosen.has(c.name));
  const drafted: Placement[] = [
    ...model.fixed,
    ...chosen.map(({ venue_id, slot, act_id }) => ({ venue_id, slot, act_id })),
  ];
  const after = new FitWorld(input.festival, input.venues, input.acts, rain, drafted);
  const key = (p: Placement) => `${p.venue_id}|${p.slot}|${p.act_id}`;
  const draftedKeys = new Set(drafted.map(key));
  const currentSets = [...current.placements()];
  const currentKeys = new Set(currentSets.map(key));
  const actsMoving = new Set<number>();
  for (const set of currentSets)
    if (!draftedKeys.has(key(set)) && after.setsOf(set.act_id).length > 0) actsMoving.add(set.act_id);

  const describe = (world: FitWorld, p: Placement) => {
    const venue = world.venues.get(p.venue_id)!;
    const act = world.acts.get(p.act_id)!;
    const a = assess(world, p.venue_id, p.slot, p.act_id, { inTouch: inTouch(venue.owner_id, act.owner_id) })!;
    return { venue, act, a };
  };

  const assignments: DraftAssignment[] = [];
  for (const p of drafted) {
    const { venue, act, a } = describe(after, p);
    const change = currentKeys.has(key(p)) ? 'kept' : actsMoving.has(p.act_id) ? 'moved' : 'new';
    assignments.push({
      venue_id: p.venue_id,
      slot_def: p.slot,
      act_id: p.act_id,
      change,
      score: a.blocks.length === 0 ? a.score : softScore(after, p, inTouch),
      reasons: a.reasons,
      // A kept set that a host saved against a hard rule still shows it.
      warnings: [...a.blocks, ...a.warnings],
      address: venue.address,
      act_name: act.name,
    });
  }
  const cannot = new Map(model.cannot.map((c) => [key(c.set), c.blocks]));
  for (const p of currentSets) {
    if (draftedKeys.has(key(p))) continue;
    const venue = current.venues.get(p.venue_id);
    const act = current.acts.get(p.act_id);
    let reasons: FitNote[] = cannot.get(key(p)) ?? [];
    if (reasons.length === 0 && !cannot.has(key(p))) {
      const there = after.setsOf(p.act_id);
      const takenBy = after.occupantOf(p.venue_id, p.slot);
      // A set saved against a hard rule of the pair: a re-plan (keep none) drafts only pairs that
      // pass them, so the rule is why it goes, not the placements.
      const broken = venue && act ? pairBlocks(current, venue, p.slot, act) : [];
      reasons = [
        ...broken,
        ...(there.length > 0
          ? [
              {
                code: 'moved',
                text: `Moves to ${there.map((s) => `${slotStart(input.festival, s.slot)} at ${after.venues.get(s.venue_id)?.address ?? ''}`).join(' and ')}`,
              },
            ]
          : broken.length > 0
            ? []
            : [{ code: 'replanned', text: 'The re-plan places more acts without this set' }]),
        ...(takenBy !== undefined
          ? [{ code: 'slot_given', text: `The slot goes to ${after.acts.get(takenBy)?.name ?? 'another act'}` }]
          : []),
      ];
    }
    assignments.push({
      venue_id: p.venue_id,
      slot_def: p.slot,
      act_id: p.act_id,
      change: 'removed',
      score: 0,
      reasons,
      warnings: [],
      address: venue?.address ?? '',
      act_name: act?.name ?? '',
    });
  }
  const changeOrder = { removed: 0, moved: 1, new: 2, kept: 3 } as const;
  assignments.sort(
    (a, b) =>
      changeOrder[a.change] - changeOrder[b.change] ||
      SLOT_DEFS.indexOf(a.slot_def) - SLOT_DEFS.indexOf(b.slot_def) ||
      (a.address < b.address ? -1 : a.address > b.address ? 1 : 0) ||
      a.venue_id - b.venue_id,
  );

  const unplaced: DraftOutcome['unplaced'] = [];
  for (const actId of model.capacity.keys()) {
    if (after.setsOf(actId).length > 0) continue;
    const act = after.acts.get(actId)!;
    unplaced.push({ act_id: act.id, act_name: act.name, reasons: whyUnplaced(after, act, input.day) });
  }
  unplaced.sort((a, b) => (a.act_name < b.act_name ? -1 : a.act_name > b.act_name ? 1 : a.act_id - b.act_id));

  return {
    optimal: result.optimal,
    gap: result.gap,
    placed: new Set(drafted.map((p) => p.act_id)).size,
    unplaced,
    assignments,
    solve_ms: result.ms,
    before: figures(
      current,
      currentSets.filter((p) => canHappen(input.day, current.venues.get(p.venue_id), current.acts.get(p.act_id))),
      currentSets,
      inTouch,
    ),
    after: figures(after, drafted, drafted, inTouch),
    variables: model.candidates.length,
  };
}

function softScore(world: FitWorld, p: Placement, inTouch: (h: number, a: number) => boolean): number {
  const venue = world.venues.get(p.venue_id)!;
  const act = world.acts.get(p.act_id)!;
  // The score of a set the rules would not suggest: its soft points alone.
  const a = assess(new FitWorld(world.festival, [venue], [act], world.rainActive, [p]), p.venue_id, p.slot, p.act_id, {
    inTouch: inTouch(venue.owner_id, act.owner_id),
  })!;
  return a.score;
}

/** Acts placed, porches used and rule breaks of a schedule, on the draft's day. */
function figures(
  world: FitWorld,
  playing: readonly Placement[],
  all: readonly Placement[],
  inTouch: (h: number, a: number) => boolean,
): DraftFigures {
  let soft = 0;
  let hard = 0;
  for (const p of all) {
    const venue = world.venues.get(p.venue_id);
    const act = world.acts.get(p.act_id);
    if (!venue || !act) continue;
    const a = assess(world, p.venue_id, p.slot, p.act_id, { inTouch: inTouch(venue.owner_id, act.owner_id) })!;
    if (a.blocks.length > 0) hard++;
    if (a.warnings.some((w) => SOFT_BREAKS.has(w.code))) soft++;
  }
  return {
    acts_placed: new Set(playing.map((p) => p.act_id)).size,
    porches_used: new Set(playing.map((p) => p.venue_id)).size,
    soft_breaks: soft,
    hard_breaks: hard,
  };
}

/** Why an act has no set in the draft: no open slot at its times, the rules, or the competition. */
function whyUnplaced(world: FitWorld, act: FitAct, day: DraftDay): FitNote[] {
  let open = 0;
  let fitting = 0;
  const stopped = new Map<string, { text: string; n: number }>();
  for (const venue of world.venues.values()) {
    if (venue.hidden) continue;
    for (const slot of act.preferred) {
      if (!venue.slots.has(slot)) continue;
      open++;
      const blocks = pairBlocks(world, venue, slot, act);
      if (blocks.length === 0) fitting++;
      for (const b of new Map(blocks.map((x) => [x.code, x])).values()) {
        const seen = stopped.get(b.code);
        if (seen) seen.n++;
        else stopped.set(b.code, { text: b.text, n: 1 });
      }
    }
  }
  if (day === 'rain' && !act.rain_ok)
    return [{ code: 'act_not_on_rain_date', text: 'The act cannot play on the rain date' }];
  if (open === 0) return [{ code: 'no_open_slot', text: 'No porch offers a slot at the times the act prefers' }];
  if (fitting === 0) {
    return [...stopped.entries()]
      .sort((a, b) => b[1].n - a[1].n)
      .map(([code, { text, n }]) => ({ code, text: `${text} (at ${n} of ${open} slots at its times)` }));
  }
  return [
    {
      code: 'taken',
      text:
        fitting === 1
          ? "1 slot fits its needs; it went to another act, or would put the act within earshot or too far from its performer's other set"
          : `${fitting} slots fit its needs; each went to another act, or would put the act within earshot or too far from its performer's other set`,
    },
  ];
}
