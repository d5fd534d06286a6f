import { SLOT_DEFS } from '../../../contract/choices.js';
import type { DraftDay, DraftKeep } from '../../../contract/drafts.js';
import type { FitNote } from '../../../contract/matching.js';
import {
  adjacentSlots,
  amplified,
  FitWorld,
  pairBlocks,
  scheduleBlocks,
  softNotes,
  venueDistance,
  walkTooFar,
  type FitAct,
  type FitVenue,
  type Placement,
} from '../matching/fit.js';

/**
 * The draft schedule as a mixed-integer programme (docs/decisions/0050-draft-schedule.md). One
 * binary variable per (venue, slot, act) that passes the fit model's hard rules against the sets
 * that stay fixed; the rules between drafted sets become constraints, written with the fit model's
 * own `amplified`, earshot neighbours, `walkTooFar` and `adjacentSlots`, so the draft and the
 * suggestions never disagree. Pure: no database, no solver.
 */

export interface DraftOptions {
  day: DraftDay;
  keep: DraftKeep;
  /** The host and performer accounts in touch, as `${host}|${performer}`. */
  inTouch(hostId: number, performerId: number): boolean;
  /** Each act keeps its best this many candidate venue slots (the model stays small enough to solve). */
  candidatesPerAct?: number;
}

export interface Candidate extends Placement {
  name: string;
  score: number;
  /** The act holds this very set now (a re-plan is rewarded for keeping it). */
  current: boolean;
}

export interface DraftModel {
  /** The LP text for HiGHS: the constraints, with the first level as its objective. */
  lp: string;
  /** The objectives, most important first, each maximised with the earlier ones held (highs.ts). */
  levels: Map<string, number>[];
  candidates: Candidate[];
  /** The current sets the draft keeps as they are. */
  fixed: Placement[];
  /** The current sets that cannot happen on the draft's day, with the rules they break. */
  cannot: { set: Placement; blocks: FitNote[] }[];
  /** The acts the solver may place, with how many sets each may get. */
  capacity: Map<number, number>;
  /** The world of the draft's day with the fixed sets only. */
  base: FitWorld;
}

/** Default number of candidate venue slots kept per act; a festival of 600 acts has about 36,000 variables. */
export const CANDIDATES_PER_ACT = 60;

/** Whether a current set can happen on the draft's day: both the porch and the act are available then. */
export function canHappen(day: DraftDay, venue: FitVenue | undefined, act: FitAct | undefined): boolean {
  if (!venue || !act || venue.hidden || act.hidden) return false;
  return day === 'festival' || (venue.rain_ok && act.rain_ok);
}

export function buildDraftModel(current: FitWorld, options: DraftOptions): DraftModel {
  const { day, keep } = options;
  const rain = day === 'rain';
  const perAct = options.candidatesPerAct ?? CANDIDATES_PER_ACT;
  const currentSets = [...current.placements()];
  const currentKey = new Set(currentSets.map(key));

  const cannot: DraftModel['cannot'] = [];
  const fixed: Placement[] = [];
  for (const set of currentSets) {
    const venue = current.venues.get(set.venue_id);
    const act = current.acts.get(set.act_id);
    if (!canHappen(day, venue, act)) {
      const blocks: FitNote[] = [];
      if (venue?.hidden) blocks.push({ code: 'venue_hidden', text: 'The committee hid the porch' });
      if (act?.hidden) blocks.push({ code: 'act_hidden', text: 'The committee hid the act' });
      if (venue && act && rain) {
        const rainWorld = { festival: current.festival, rainActive: true };
        blocks.push(
          ...pairBlocks(rainWorld, venue, set.slot, act).filter(
            (b) => b.code === 'venue_not_on_rain_date' || b.code === 'act_not_on_rain_date',
          ),
        );
      }
      cannot.push({ set, blocks });
    } else if (keep === 'scheduled') {
      fixed.push(set);
    }
  }

  const base = new FitWorld(current.festival, current.venues.values(), current.acts.values(), rain, fixed);

  // Who may get sets: with keep=scheduled, the acts with no fixed set (one set each); with
  // keep=none, every act, as many sets as it has now (at least one).
  const capacity = new Map<number, number>();
  for (const act of current.acts.values()) {
    if (act.hidden) continue;
    if (keep === 'scheduled') {
      if (base.setsOf(act.id).length === 0) capacity.set(act.id, 1);
    } else {
      const now = currentSets.filter((s) => s.act_id === act.id && canHappen(day, current.venues.get(s.venue_id), act));
      capacity.set(act.id, Math.max(1, now.length));
    }
  }

  const candidates: Candidate[] = [];
  for (const actId of capacity.keys()) {
    const act = base.acts.get(actId)!;
    const mine: Candidate[] = [];
    for (const venue of base.venues.values()) {
      if (venue.hidden) continue;
      for (const slot of act.preferred) {
        if (!venue.slots.has(slot) || base.occupantOf(venue.id, slot) !== undefined) continue;
        if (pairBlocks(base, venue, slot, act).length > 0) continue;
        if (scheduleBlocks(base, venue, slot, act).length > 0) continue;
        const soft = softNotes(base, venue, slot, act, { inTouch: options.inTouch(venue.owner_id, act.owner_id) });
        const set = { venue_id: venue.id, slot, act_id: act.id };
        mine.push({ ...set, name: '', score: soft.score, current: currentKey.has(key(set)) });
      }
    }
    // The act's best candidates: its current sets first, then by score; ties in a fixed order
    // that spreads acts over porches (a hash of the ids), so every act does not want one porch.
    mine.sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        b.score - a.score ||
        spread(a) - spread(b) ||
        a.venue_id - b.venue_id ||
        SLOT_DEFS.indexOf(a.slot) - SLOT_DEFS.indexOf(b.slot),
    );
    candidates.push(...mine.slice(0, perAct));
  }
  candidates.forEach((c, i) => (c.name = `x${i}`));

  const { lp, levels } = writeLp(base, candidates, capacity, keep);
  return { lp, levels, candidates, fixed, cannot, capacity, base };
}

const key = (p: Placement) => `${p.venue_id}|${p.slot}|${p.act_id}`;

function spread(p: Placement): number {
  let h = Math.imul(p.venue_id ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(p.act_id + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  return (h >>> 0) + SLOT_DEFS.indexOf(p.slot);
}

/**
 * The objective's levels, in this order of importance: acts placed; then (keep=none) current sets
 * kept where they are, then sets placed (an act may keep several sets in a re-plan); then fit
 * points (in tenths, as integers), with one more porch with an act worth less than a tenth of a
 * point. An act with one set to give counts through its set's variable; one with several through
 * `y`, which is at most 1 and at most its sets.
 */
function objectiveLevels(
  candidates: readonly Candidate[],
  multiSet: readonly string[],
  capacity: Map<number, number>,
  porches: readonly string[],
  keep: DraftKeep,
) {
  const acts = new Map<string, number>(
    candidates.filter((c) => (capacity.get(c.act_id) ?? 1) === 1).map((c) => [c.name, 1]),
  );
  for (const y of multiSet) acts.set(y, 1);
  const sets = new Map(candidates.map((c) => [c.name, 1]));
  const kept = new Map(candidates.filter((c) => c.current).map((c) => [c.name, 1]));
  const fit = new Map<string, number>(candidates.map((c) => [c.name, Math.round(c.score * 10) * (porches.length + 1)]));
  for (const u of porches) fit.set(u, 1);
  if (keep === 'scheduled') return [acts, fit];
  return multiSet.length > 0 ? [acts, kept, sets, fit] : [acts, kept, fit];
}

function writeLp(
  base: FitWorld,
  candidates: Candidate[],
  capacity: Map<number, number>,
  keep: DraftKeep,
): { lp: string; levels: Map<string, number>[] } {
  const lines: string[] = [];
  const rows: string[] = [];
  let row = 0;
  const addRow = (terms: string[], rhs: number) => {
    if (terms.length > 1 || rhs < 1) rows.push(` r${row++}: ${terms.join(' + ')} <= ${rhs}`);
  };

  const byVenueSlot = new Map<string, Candidate[]>();
  const byActSlot = new Map<string, Candidate[]>();
  const byAct = new Map<number, Candidate[]>();
  const byOwnerSlot = new Map<string, Candidate[]>();
  const usesVenue = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const owner = base.acts.get(c.act_id)!.owner_id;
    push(byVenueSlot, `${c.venue_id}|${c.slot}`, c);
    push(byActSlot, `${c.act_id}|${c.slot}`, c);
    push(byAct, c.act_id, c);
    push(byOwnerSlot, `${owner}|${c.slot}`, c);
    push(usesVenue, c.venue_id, c);
  }

  // y_a: an act that may have several sets is placed (at most 1, at most its sets).
  const multiSet: string[] = [];
  for (const [actId, list] of byAct) {
    if ((capacity.get(actId) ?? 1) <= 1) continue;
    const y = `y${actId}`;
    multiSet.push(y);
    rows.push(` r${row++}: ${y} - ${list.map((c) => c.name).join(' - ')} <= 0`);
  }
  // The LP's own objective is the first level, acts placed; highs.ts solves the others after it.
  const objective = [
    ...candidates.filter((c) => (capacity.get(c.act_id) ?? 1) === 1).map((c) => `1 ${c.name}`),
    ...multiSet.map((y) => `1 ${y}`),
  ];
  // u_v: the porch has at least one act (fixed sets already count: their porches need no variable).
  const used: string[] = [];
  for (const [venueId, list] of usesVenue) {
    const hasFixed = SLOT_DEFS.some((s) => base.occupantOf(venueId, s) !== undefined);
    if (hasFixed) continue;
    const u = `u${venueId}`;
    used.push(u);
    rows.push(` r${row++}: ${u} - ${list.map((c) => c.name).join(' - ')} <= 0`);
  }

  // At most one act per venue slot; an act at most once per slot and at most its capacity.
  for (const list of byVenueSlot.values())
    addRow(
      list.map((c) => c.name),
      1,
    );
  for (const list of byActSlot.values())
    addRow(
      list.map((c) => c.name),
      1,
    );
  for (const [actId, list] of byAct) {
    const cap = capacity.get(actId) ?? 1;
    if (list.length > cap)
      addRow(
        list.map((c) => c.name),
        cap,
      );
  }
  // One performer account is never in two places at one time.
  for (const list of byOwnerSlot.values()) {
    if (new Set(list.map((c) => c.act_id)).size > 1)
      addRow(
        list.map((c) => c.name),
        1,
      );
  }
  // Earshot: at two porches within earshot, at most one amplified act per slot between them.
  for (const slot of SLOT_DEFS) {
    for (const venue of base.venues.values()) {
      const here = (byVenueSlot.get(`${venue.id}|${slot}`) ?? []).filter((c) => amplified(base.acts.get(c.act_id)!));
      if (here.length === 0) continue;
      for (const n of base.neighbours(venue.id)) {
        if (n.venue_id < venue.id) continue;
        const there = (byVenueSlot.get(`${n.venue_id}|${slot}`) ?? []).filter((c) =>
          amplified(base.acts.get(c.act_id)!),
        );
        if (there.length === 0) continue;
        addRow(
          [...here, ...there].map((c) => c.name),
          1,
        );
      }
    }
  }
  // Walking: a set of one account rules out that account's sets too far away in the next slot.
  // Exact because the account has at most one set per slot (above).
  for (const c of candidates) {
    const owner = base.acts.get(c.act_id)!.owner_id;
    const venue = base.venues.get(c.venue_id)!;
    const next = adjacentSlots(c.slot).filter((s) => SLOT_DEFS.indexOf(s) > SLOT_DEFS.indexOf(c.slot));
    for (const slot of next) {
      const far = (byOwnerSlot.get(`${owner}|${slot}`) ?? []).filter((o) => {
        const d = venueDistance(venue, base.venues.get(o.venue_id)!);
        return d !== null && walkTooFar(base.festival, d);
      });
      if (far.length === 0) continue;
      rows.push(` r${row++}: ${c.name} + ${far.map((o) => o.name).join(' + ')} <= 1`);
    }
  }

  lines.push('Maximize');
  lines.push(` obj: ${objective.length > 0 ? wrap(objective.join(' + ')) : '0 x_none'}`);
  lines.push('Subject To');
  if (rows.length === 0) rows.push(' r_none: 0 x_none <= 0');
  lines.push(...rows.map(wrap));
  lines.push('Bounds');
  for (const v of [...used, ...multiSet]) lines.push(` 0 <= ${v} <= 1`);
  lines.push('Binary');
  for (let i = 0; i < candidates.length; i += 20) {
    lines.push(
      ' ' +
        candidates
          .slice(i, i + 20)
          .map((c) => c.name)
          .join(' '),
    );
  }
  if (candidates.length === 0) lines.push(' x_none');
  lines.push('End');
  return { lp: lines.join('\n') + '\n', levels: objectiveLevels(candidates, multiSet, capacity, used, keep) };
}

/** LP files allow long lines, but breaking them before a sign keeps any reader's buffer small. */
function wrap(line: string): string {
  if (line.length < 400) return line;
  const tokens = line.split(' ');
  const out: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (current.length > 300 && (token === '+' || token === '-')) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${token}` : token;
  }
  out.push(current);
  return out.join('\n ');
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}
