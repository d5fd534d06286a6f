import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotDef } from '../../../contract/choices.js';
import { FestivalConfigSchema } from '../../../contract/festival.js';
import { fitAct, fitVenue, north, type FitVenueTraits } from '../../../test/support/fit-builders.js';
import { checkSchedule, countByRule, type RuleViolation } from '../../../test/support/schedule-rules.js';
import type { FitAct, FitFestival, FitVenue } from '../matching/fit.js';
import { draftSchedule, type DraftInput, type DraftOutcome } from './draft.js';
import { loadHighs, solveLp, type Highs } from './highs.js';

/**
 * The draft schedule's model (issue 25) on small festivals whose best schedule is worked out by
 * hand in each test's comment, solved by the real HiGHS. Every draft is also checked against the
 * hard rules by test/support/schedule-rules.ts, which shares no code with the solver or the fit
 * model: 0 violations.
 *
 * Points with the configuration's default weights: genre 3 (the porch asked for the act's genre),
 * size 1 (exactly the porch's size), rain 1 (both can play on the rain date), street 2 (the act's
 * preferred-venue text names the porch's street), unplaced 1 (the act has no porch yet).
 */

const config = FestivalConfigSchema.parse(
  JSON.parse(readFileSync(new URL('../../../festival.config.json', import.meta.url), 'utf8')),
);
const FESTIVAL: FitFestival = { slots: config.slots, matching: config.matching };
const STREETS = ['Elm Street', 'Birch Road', 'Oak Lane', 'Cedar Road', 'Maple Avenue', 'Ash Court'];

/** fitVenue's folk porch, on the streets in turn: 1 Elm Street, 2 Birch Road, and so on. */
const venue = (id: number, traits: FitVenueTraits = {}): FitVenue =>
  fitVenue(id, { address: `${id} ${STREETS[(id - 1) % STREETS.length]}`, ...traits });
const act = fitAct;

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

type Festival = Pick<DraftInput, 'venues' | 'acts'> & Partial<Pick<DraftInput, 'day' | 'keep' | 'contacts'>>;

/** Drafts with the real HiGHS, and checks the drafted schedule with the independent checker. */
function draft(festival: Festival): DraftOutcome {
  const input: DraftInput = {
    festival: FESTIVAL,
    contacts: [],
    day: 'festival',
    keep: 'scheduled',
    timeLimitS: 20,
    ...festival,
  };
  const outcome = draftSchedule(input, (lp, limit, levels) => solveLp(highs, lp, limit, levels));
  expect(outcome.optimal).toBe(true);
  expect(violationsOf(input, outcome)).toEqual([]);
  return outcome;
}

/**
 * The independent checker's verdict on a draft: the drafted sets (all but the removed ones), with
 * the kept ones exempt from the rules a host may override only when the draft kept today's sets
 * as they are (with keep 'none' every set is the solver's choice, and checked in full).
 */
function violationsOf(input: Pick<DraftInput, 'venues' | 'acts' | 'day' | 'keep'>, outcome: DraftOutcome) {
  const drafted = outcome.assignments.filter((a) => a.change !== 'removed');
  const asSet = (a: (typeof drafted)[number]) => ({ venue_id: a.venue_id, slot: a.slot_def, act_id: a.act_id });
  return checkSchedule({
    venues: input.venues,
    acts: input.acts,
    sets: drafted.map(asSet),
    day: input.day,
    rules: FESTIVAL.matching,
    kept: input.keep === 'scheduled' ? drafted.filter((a) => a.change === 'kept').map(asSet) : [],
  });
}

/** The drafted schedule as act -> 'venue/slot' (several sets joined by ' + '). */
function scheduleOf(outcome: DraftOutcome): Record<number, string> {
  const out: Record<number, string> = {};
  for (const a of outcome.assignments) {
    if (a.change === 'removed') continue;
    const where = `${a.venue_id}/${a.slot_def}`;
    out[a.act_id] = out[a.act_id] ? `${out[a.act_id]} + ${where}` : where;
  }
  return out;
}

/** Each set of the draft with its change: 'act@venue/slot' -> change (removed sets included). */
function changesOf(outcome: DraftOutcome): Record<string, string> {
  return Object.fromEntries(outcome.assignments.map((a) => [`${a.act_id}@${a.venue_id}/${a.slot_def}`, a.change]));
}

const codes = (notes: readonly { code: string }[]) => notes.map((n) => n.code);
const unplacedOf = (outcome: DraftOutcome) =>
  Object.fromEntries(outcome.unplaced.map((u) => [u.act_id, codes(u.reasons)]));

describe('the independent checker (test/support/schedule-rules.ts)', () => {
  const run = (
    venues: FitVenue[],
    acts: FitAct[],
    sets: [number, SlotDef, number][],
    options: { day?: 'festival' | 'rain'; kept?: [number, SlotDef, number][] } = {},
  ): RuleViolation[] => {
    const toSet = ([venue_id, slot, act_id]: [number, SlotDef, number]) => ({ venue_id, slot, act_id });
    return checkSchedule({
      venues,
      acts,
      sets: sets.map(toSet),
      day: options.day ?? 'festival',
      kept: (options.kept ?? []).map(toSet),
    });
  };
  const rules = (v: RuleViolation[]) => v.map((x) => x.rule).sort();

  it('finds each rule of a set alone', () => {
    const venues = [
      venue(1, { slots: { 'Slot 1': null } }),
      venue(2, { electric: false, sound_system: false, size_pref: 'one_to_three', rain_ok: false }),
      venue(3, { hidden: true }),
    ];
    const acts = [
      act(1, { preferred: ['Slot 1'] }),
      act(2, { sound: 'need_to_borrow', size: 'four_plus', rain_ok: false }),
      act(3, { hidden: true }),
    ];
    expect(run(venues, acts, [[1, 'Slot 1', 1]])).toEqual([]);
    expect(rules(run(venues, acts, [[1, 'Slot 2', 1]]))).toEqual(['not_preferred_slot', 'slot_unavailable']);
    expect(rules(run(venues, acts, [[2, 'Slot 1', 2]]))).toEqual([
      'needs_electricity',
      'needs_sound_system',
      'porch_too_small',
    ]);
    expect(rules(run(venues, acts, [[2, 'Slot 1', 2]], { day: 'rain' }))).toEqual([
      'act_not_on_rain_date',
      'needs_electricity',
      'needs_sound_system',
      'porch_too_small',
      'venue_not_on_rain_date',
    ]);
    // A 'bring_own' act needs electricity but no sound system of the porch's.
    expect(rules(run(venues, [act(4, { sound: 'bring_own' })], [[2, 'Slot 1', 4]]))).toEqual(['needs_electricity']);
    expect(rules(run(venues, acts, [[3, 'Slot 1', 3]]))).toEqual(['act_hidden', 'venue_hidden']);
    expect(rules(run(venues, acts, [[9, 'Slot 1', 9]]))).toEqual(['unknown_act', 'unknown_venue']);
  });

  it('finds double bookings of a venue slot, an act and a performer account', () => {
    const venues = [venue(1), venue(2)];
    const acts = [act(1), act(2), act(3, { owner_id: act(1).owner_id })];
    expect(
      rules(
        run(venues, acts, [
          [1, 'Slot 1', 1],
          [1, 'Slot 1', 2],
        ]),
      ),
    ).toEqual(['slot_taken']);
    expect(
      rules(
        run(venues, acts, [
          [1, 'Slot 1', 1],
          [2, 'Slot 1', 1],
        ]),
      ),
    ).toEqual(['act_busy']);
    const owner = run(venues, acts, [
      [1, 'Slot 1', 1],
      [2, 'Slot 1', 3],
    ]);
    expect(owner).toEqual([
      expect.objectContaining({
        rule: 'owner_busy',
        venue_id: 2,
        slot: 'Slot 1',
        act_id: 3,
        other: { venue_id: 1, slot: 'Slot 1', act_id: 1 },
      }),
    ]);
    // Another slot is no double booking.
    expect(
      run(venues, acts, [
        [1, 'Slot 1', 1],
        [2, 'Slot 2', 3],
      ]),
    ).toEqual([]);
  });

  it('finds earshot strictly closer than 80 m and walks over 600 m, in whole metres', () => {
    const loud = (id: number, traits: Partial<FitAct> = {}) => act(id, { sound: 'bring_own', ...traits });
    const at = (id: number, m: number) => venue(id, { ...north(m) });
    const earshot = (m: number) =>
      rules(
        run(
          [at(1, 0), at(2, m)],
          [loud(1), loud(2)],
          [
            [1, 'Slot 1', 1],
            [2, 'Slot 1', 2],
          ],
        ),
      );
    expect(earshot(79)).toEqual(['earshot']);
    expect(earshot(79.4)).toEqual(['earshot']);
    expect(earshot(79.6)).toEqual([]); // 80 m in whole metres: not closer than 80 m
    expect(earshot(80)).toEqual([]);
    expect(earshot(81)).toEqual([]);
    // Not both amplified, or a porch without a pin: no earshot rule.
    expect(
      run(
        [at(1, 0), at(2, 50)],
        [loud(1), act(2)],
        [
          [1, 'Slot 1', 1],
          [2, 'Slot 1', 2],
        ],
      ),
    ).toEqual([]);
    expect(
      run(
        [at(1, 0), venue(2)],
        [loud(1), loud(2)],
        [
          [1, 'Slot 1', 1],
          [2, 'Slot 1', 2],
        ],
      ),
    ).toEqual([]);

    const walk = (m: number, second: SlotDef = 'Slot 2', actId = 2) =>
      rules(
        run(
          [at(1, 0), at(2, m)],
          [act(1), act(2, { owner_id: act(1).owner_id })],
          [
            [1, 'Slot 1', 1],
            [2, second, actId],
          ],
        ),
      );
    expect(walk(600)).toEqual([]);
    expect(walk(600.4)).toEqual([]); // 600 m in whole metres
    expect(walk(600.6)).toEqual(['walk_too_far']);
    expect(walk(601)).toEqual(['walk_too_far']);
    expect(walk(601, 'Slot 2', 1)).toEqual(['walk_too_far']); // the same act's own two sets
    expect(walk(5000, 'Slot 3')).toEqual([]); // not consecutive
  });

  it('exempts kept sets from the rules a host may override, but counts them against the other sets', () => {
    const venues = [venue(1, { electric: false, ...north(0) }), venue(2, { ...north(50) }), venue(3, { ...north(40) })];
    const acts = [act(1, { sound: 'bring_own' }), act(2, { sound: 'bring_own' }), act(3, { sound: 'bring_own' })];
    const sets: [number, SlotDef, number][] = [
      [1, 'Slot 1', 1],
      [2, 'Slot 1', 2],
    ];
    expect(rules(run(venues, acts, sets))).toEqual(['earshot', 'needs_electricity']);
    expect(run(venues, acts, sets, { kept: sets })).toEqual([]);
    // A new amplified act within earshot of the kept ones is a violation, twice.
    expect(rules(run(venues, acts, [...sets, [3, 'Slot 1', 3]], { kept: sets }))).toEqual(['earshot', 'earshot']);
    // The rain date is never exempt.
    expect(
      rules(
        run([venue(1, { rain_ok: false })], [act(1)], [[1, 'Slot 1', 1]], { day: 'rain', kept: [[1, 'Slot 1', 1]] }),
      ),
    ).toEqual(['venue_not_on_rain_date']);
  });
});

describe('the draft schedule, solved by HiGHS', () => {
  it('gives the noon slot to the act that can only play at noon, even when a flexible act fits that porch better', () => {
    // Porch 1 (folk) offers only noon, porch 2 (rock) only 1:30pm. The flexible folk act 1 fits
    // porch 1 best (genre 3 + size 1 + rain 1 + unplaced 1 = 6; at porch 2 only 3); the rock act 2
    // plays only at noon (3 at porch 1). Act 1 at noon would leave act 2 without a porch.
    const outcome = draft({
      venues: [venue(1, { slots: { 'Slot 1': null } }), venue(2, { genres: ['rock'], slots: { 'Slot 2': null } })],
      acts: [act(1, { preferred: ['Slot 1', 'Slot 2'] }), act(2, { genre: 'rock', preferred: ['Slot 1'] })],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '2/Slot 2', 2: '1/Slot 1' });
    expect(outcome.placed).toBe(2);
    expect(outcome.unplaced).toEqual([]);
  });

  it('gives the porch with electricity to the amplified act and the porch without to the acoustic one', () => {
    // Both porches offer noon only. The acoustic act 1 asked for porch 1's street (5 + 2 there), but
    // porch 2 has no electricity, so the amplified act 2 can only play at porch 1.
    const outcome = draft({
      venues: [venue(1, { slots: { 'Slot 1': null } }), venue(2, { electric: false, slots: { 'Slot 1': null } })],
      acts: [act(1, { venue_pref: 'Elm Street' }), act(2, { sound: 'bring_own' })],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '2/Slot 1', 2: '1/Slot 1' });
  });

  it('never places two amplified acts within earshot', () => {
    // Porches 1 and 2 are 50 m apart, porch 3 is 1 km away; each offers noon only. Without the
    // earshot rule the best schedule is each act on the street it asked for: act 1 at porch 1,
    // act 2 at porch 2, act 3 at porch 3 (2 + 2 + 2 street points). The amplified acts 1 and 2
    // cannot both play next door, so one of them goes to porch 3: act 2 (it also named Oak Lane,
    // 2 + 2 points, where act 1 would score 2 + 0), and the acoustic act 3 takes porch 2.
    const outcome = draft({
      venues: [
        venue(1, { ...north(0), slots: { 'Slot 1': null } }),
        venue(2, { ...north(50), slots: { 'Slot 1': null } }),
        venue(3, { ...north(1000), slots: { 'Slot 1': null } }),
      ],
      acts: [
        act(1, { sound: 'bring_own', venue_pref: 'Elm Street' }),
        act(2, { sound: 'avail_others', venue_pref: 'Birch Road or Oak Lane' }),
        act(3, { venue_pref: 'Oak Lane' }),
      ],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '1/Slot 1', 2: '3/Slot 1', 3: '2/Slot 1' });
  });

  it('never puts a performer in two places at once, nor in consecutive slots too far apart when a nearer porch exists', () => {
    // One account has two acts. Act 1 plays only at noon, on the street it asked for (porch 1).
    // Act 2 (jazz) plays at noon or 1:30pm and asked for porch 2, a jazz porch 700 m from porch 1:
    // there at noon (two places at once) or at 1:30pm (a 700 m walk after noon at porch 1) it would
    // score best (3 + 2 + ...). Porch 3, a jazz porch 300 m away, is the best it may have at 1:30pm.
    const outcome = draft({
      venues: [
        venue(1, { ...north(0), slots: { 'Slot 1': null, 'Slot 2': null } }),
        venue(2, { ...north(700), genres: ['jazz'], slots: { 'Slot 1': null, 'Slot 2': null } }),
        venue(3, { ...north(300), genres: ['jazz'], slots: { 'Slot 1': null, 'Slot 2': null } }),
      ],
      acts: [
        act(1, { owner_id: 500, preferred: ['Slot 1'], venue_pref: 'Elm Street' }),
        act(2, { owner_id: 500, genre: 'jazz', preferred: ['Slot 1', 'Slot 2'], venue_pref: 'Birch Road' }),
      ],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '1/Slot 1', 2: '3/Slot 2' });
  });

  it('on the rain day keeps every set that can still happen and re-places the acts whose sets cannot', () => {
    // Today: act 1 at porch 1 at noon (both available on the rain date), act 2 at porch 2 at 1:30pm
    // (porch 2 is not available on the rain date), act 3 at porch 1 at 1:30pm (act 3 is not). On
    // the rain day act 1 stays; act 2 moves to porch 3 at 3:00pm (it asked for Oak Lane; porch 1
    // at 1:30pm, freed by act 3, fits it 2 points less); act 3 cannot play at all.
    const venues = [
      venue(1, { slots: { 'Slot 1': 1, 'Slot 2': 3 } }),
      venue(2, { rain_ok: false, slots: { 'Slot 2': 2 } }),
      venue(3, { slots: { 'Slot 3': null } }),
    ];
    const acts = [
      act(1, { preferred: ['Slot 1'] }),
      act(2, { preferred: ['Slot 2', 'Slot 3'], venue_pref: 'Oak Lane' }),
      act(3, { rain_ok: false, preferred: ['Slot 2'] }),
    ];
    const outcome = draft({ venues, acts, day: 'rain', keep: 'scheduled' });
    expect(scheduleOf(outcome)).toEqual({ 1: '1/Slot 1', 2: '3/Slot 3' });
    expect(changesOf(outcome)).toEqual({
      '1@1/Slot 1': 'kept',
      '2@3/Slot 3': 'moved',
      '2@2/Slot 2': 'removed',
      '3@1/Slot 2': 'removed',
    });
    const removed = Object.fromEntries(
      outcome.assignments.filter((a) => a.change === 'removed').map((a) => [a.act_id, codes(a.reasons)]),
    );
    expect(removed).toEqual({ 2: ['venue_not_on_rain_date'], 3: ['act_not_on_rain_date'] });
    expect(unplacedOf(outcome)).toEqual({ 3: ['act_not_on_rain_date'] });
  });

  it("with keep 'none' returns a schedule that is already the best unchanged", () => {
    // The noon case's best schedule, and two interchangeable acts at two interchangeable porches
    // put there the other way round from any order of ids: nothing moves.
    const outcome = draft({
      venues: [
        venue(1, { slots: { 'Slot 1': 2 } }),
        venue(2, { genres: ['rock'], slots: { 'Slot 2': 1 } }),
        venue(3, { slots: { 'Slot 3': 4 } }),
        venue(4, { slots: { 'Slot 3': 3 } }),
      ],
      acts: [
        act(1, { preferred: ['Slot 1', 'Slot 2'] }),
        act(2, { genre: 'rock', preferred: ['Slot 1'] }),
        act(3, { preferred: ['Slot 3'] }),
        act(4, { preferred: ['Slot 3'] }),
      ],
      keep: 'none',
    });
    expect(changesOf(outcome)).toEqual({
      '2@1/Slot 1': 'kept',
      '1@2/Slot 2': 'kept',
      '4@3/Slot 3': 'kept',
      '3@4/Slot 3': 'kept',
    });
  });

  it("with keep 'none' moves only the acts it must to place more", () => {
    // Today the flexible act 1 holds porch 1's noon slot, which the noon-only act 2 needs; act 3
    // plays at porch 3, where it fits worse than at the empty porch 4 (no genre points). The
    // re-plan moves act 1 to porch 2 at 1:30pm and gives act 2 the noon slot; act 3 stays, since
    // keeping a set is worth more than any fit points.
    const outcome = draft({
      venues: [
        venue(1, { slots: { 'Slot 1': 1 } }),
        venue(2, { genres: ['rock'], slots: { 'Slot 2': null } }),
        venue(3, { genres: ['jazz'], slots: { 'Slot 3': 3 } }),
        venue(4, { slots: { 'Slot 3': null } }),
      ],
      acts: [
        act(1, { preferred: ['Slot 1', 'Slot 2'] }),
        act(2, { genre: 'rock', preferred: ['Slot 1'] }),
        act(3, { preferred: ['Slot 3'] }),
      ],
      keep: 'none',
    });
    expect(changesOf(outcome)).toEqual({
      '1@1/Slot 1': 'removed',
      '1@2/Slot 2': 'moved',
      '2@1/Slot 1': 'new',
      '3@3/Slot 3': 'kept',
    });
  });

  it("with keep 'none' counts acts placed before sets: an act with two sets gives one up for an act with none", () => {
    // Today act 1 plays both slots of the only porch; act 2 can only play Slot 2. Keeping both of
    // act 1's sets places one act; giving Slot 2 to act 2 places two.
    const outcome = draft({
      venues: [venue(1, { slots: { 'Slot 1': 1, 'Slot 2': 1 } })],
      acts: [act(1, { preferred: ['Slot 1', 'Slot 2'] }), act(2, { preferred: ['Slot 2'] })],
      keep: 'none',
    });
    expect(changesOf(outcome)).toEqual({
      '1@1/Slot 1': 'kept',
      '1@1/Slot 2': 'removed',
      '2@1/Slot 2': 'new',
    });
    expect(outcome.placed).toBe(2);
  });

  it("with keep 'none' moves a set saved against a hard rule, and says which rule", () => {
    // Today the amplified act 1 plays at porch 1, which has no electricity (its host saved it
    // anyway). A re-plan drafts only pairs that pass the hard rules: act 1 moves to porch 2, and
    // the removed set names the rule, not more placements (there are none).
    const outcome = draft({
      venues: [venue(1, { electric: false, slots: { 'Slot 1': 1 } }), venue(2, { slots: { 'Slot 1': null } })],
      acts: [act(1, { sound: 'bring_own', preferred: ['Slot 1'] })],
      keep: 'none',
    });
    expect(changesOf(outcome)).toEqual({ '1@1/Slot 1': 'removed', '1@2/Slot 1': 'moved' });
    const removed = outcome.assignments.find((a) => a.change === 'removed')!;
    expect(codes(removed.reasons)).toEqual(['needs_electricity', 'moved']);
  });

  it("with keep 'scheduled' never touches today's sets, even one that breaks a soft rule or a host's override", () => {
    // Today: the folk act 1 plays at the rock porch 1 (a genre not asked for: a soft rule), and the
    // amplified act 2 at porch 3, which has no electricity (its host saved it anyway). Both stay.
    // The new rock act 3 fits porch 1 best, but that slot is taken: it gets the folk porch 2.
    const venues = [
      venue(1, { genres: ['rock'], slots: { 'Slot 1': 1 } }),
      venue(2, { slots: { 'Slot 1': null } }),
      venue(3, { electric: false, slots: { 'Slot 1': 2 } }),
    ];
    const acts = [
      act(1, { preferred: ['Slot 1'] }),
      act(2, { sound: 'bring_own', preferred: ['Slot 1'] }),
      act(3, { genre: 'rock', preferred: ['Slot 1'] }),
    ];
    const outcome = draft({ venues, acts, keep: 'scheduled' });
    expect(changesOf(outcome)).toEqual({
      '1@1/Slot 1': 'kept',
      '2@3/Slot 1': 'kept',
      '3@2/Slot 1': 'new',
    });
    const kept2 = outcome.assignments.find((a) => a.act_id === 2)!;
    expect(codes(kept2.warnings)).toContain('needs_electricity');
    // The checker finds the host's override once the kept set is no longer exempt.
    expect(countByRule(violationsOf({ venues, acts, day: 'festival', keep: 'none' }, outcome))).toEqual({
      needs_electricity: 1,
    });
  });

  it('places as many acts as it can before it counts fit points', () => {
    // Each porch offers noon only. Porch 1 has a sound system to lend and takes any size; porch 2
    // has none and is for 1-3 persons; porch 3 (rock) has no electricity. The acoustic act 1 asked
    // for Elm Street: 3 + 1 + 1 + 2 = 7 points at porch 1, 3 + 1 (size) + 1 + 1 = 6 at porch 2.
    // Act 2 needs to borrow a sound system: porch 1 only (5). The 4+ person act 3 may play at
    // porch 1 (5) or porch 3 (2). One act at a time, best pair first: act 1 takes porch 1 (7),
    // act 2 has no porch left, act 3 takes porch 3: 2 acts placed. The draft places all three.
    const outcome = draft({
      venues: [
        venue(1, { slots: { 'Slot 1': null } }),
        venue(2, { sound_system: false, size_pref: 'one_to_three', slots: { 'Slot 1': null } }),
        venue(3, { electric: false, genres: ['rock'], slots: { 'Slot 1': null } }),
      ],
      acts: [act(1, { venue_pref: 'Elm Street' }), act(2, { sound: 'need_to_borrow' }), act(3, { size: 'four_plus' })],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '2/Slot 1', 2: '1/Slot 1', 3: '3/Slot 1' });
    expect(outcome.placed).toBe(3);
    // The review reads each set's score in the drafted schedule, where every act has its porch:
    // without the 'no porch yet' point the solver counted.
    expect(Object.fromEntries(outcome.assignments.map((a) => [a.act_id, a.score]))).toEqual({ 1: 5, 2: 4, 3: 1 });
  });

  it('says why an act has no porch: the rule that blocks it, or the competition', () => {
    // No porch has electricity: the amplified act 1 fits none. The noon-only acts 2 and 3 compete
    // for the one noon slot; act 2 fits it better (it asked for Elm Street), so act 3 has none.
    const outcome = draft({
      venues: [venue(1, { electric: false, slots: { 'Slot 1': null } })],
      acts: [
        act(1, { sound: 'bring_own' }),
        act(2, { preferred: ['Slot 1'], venue_pref: 'Elm Street' }),
        act(3, { preferred: ['Slot 1'] }),
        act(4, { preferred: ['Slot 4'] }),
      ],
    });
    expect(scheduleOf(outcome)).toEqual({ 2: '1/Slot 1' });
    expect(unplacedOf(outcome)).toEqual({
      1: ['needs_electricity'],
      3: ['taken'],
      4: ['no_open_slot'],
    });
  });

  it('counts the figures before and after', () => {
    // Today: act 1 (folk) at the rock porch 1 at noon, a soft rule broken (a genre not asked
    // for), and the amplified act 2 at porch 3, whose host saved it against the electricity rule,
    // a hard rule broken: 2 acts placed at 2 porches. The draft keeps both and adds act 3 at porch 2 (a
    // folk porch: no soft rule broken) and act 4 at porch 1 at 1:30pm (no rain-date plan: a soft
    // rule broken).
    const outcome = draft({
      venues: [
        venue(1, { genres: ['rock'], slots: { 'Slot 1': 1, 'Slot 2': null } }),
        venue(2, { slots: { 'Slot 1': null } }),
        venue(3, { electric: false, slots: { 'Slot 1': 2 } }),
      ],
      acts: [
        act(1, { genre: 'folk', preferred: ['Slot 1'] }),
        act(2, { sound: 'bring_own', genre: 'folk', preferred: ['Slot 1'] }),
        act(3, { preferred: ['Slot 1'] }),
        act(4, { genre: 'rock', rain_ok: false, preferred: ['Slot 2'] }),
      ],
    });
    expect(scheduleOf(outcome)).toEqual({ 1: '1/Slot 1', 2: '3/Slot 1', 3: '2/Slot 1', 4: '1/Slot 2' });
    expect(outcome.before).toEqual({ acts_placed: 2, porches_used: 2, soft_breaks: 1, hard_breaks: 1 });
    expect(outcome.after).toEqual({ acts_placed: 4, porches_used: 3, soft_breaks: 2, hard_breaks: 1 });
  });

  it('counts the figures before and after a rain-day draft, the sets that cannot happen not placed', () => {
    const outcome = draft({
      venues: [
        venue(1, { slots: { 'Slot 1': 1, 'Slot 2': 3 } }),
        venue(2, { rain_ok: false, slots: { 'Slot 2': 2 } }),
        venue(3, { slots: { 'Slot 3': null } }),
      ],
      acts: [
        act(1, { preferred: ['Slot 1'] }),
        act(2, { preferred: ['Slot 2', 'Slot 3'], venue_pref: 'Oak Lane' }),
        act(3, { rain_ok: false, preferred: ['Slot 2'] }),
      ],
      day: 'rain',
    });
    // Before, only act 1's set can happen; acts 2's and 3's sets each break a rain-date rule.
    expect(outcome.before).toEqual({ acts_placed: 1, porches_used: 1, soft_breaks: 0, hard_breaks: 2 });
    expect(outcome.after).toEqual({ acts_placed: 2, porches_used: 2, soft_breaks: 0, hard_breaks: 0 });
  });
});
