import { describe, expect, it } from 'vitest';
import { GenreList, type SlotDef } from '../../../contract/choices.js';
import { MatchingConfigSchema } from '../../../contract/festival.js';
import {
  assess,
  FitWorld,
  type FitAct,
  type FitFestival,
  type FitVenue,
  type Placement,
  type SoundSystem,
} from './fit.js';
import {
  fitAct,
  fitVenue,
  HOME,
  M_PER_DEG_LAT,
  north,
  type FitVenueTraits,
} from '../../../test/support/fit-builders.js';

/**
 * The fit model (issue 24): each hard rule blocks exactly the pairs it names, each soft reason
 * adds its configured points, and the distance rules hold on both sides of their thresholds.
 * Distances are made by moving a pin north (north() of test/support/fit-builders.ts, its own
 * arithmetic, checked here against a chord formula), never with the module's.
 */

/** Metres between two pins by the straight chord through the sphere: a formula independent of the module's haversine. */
function chordArcM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_008.8;
  const xyz = (p: { lat: number; lng: number }) => {
    const φ = (p.lat * Math.PI) / 180;
    const λ = (p.lng * Math.PI) / 180;
    return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
  };
  const [p, q] = [xyz(a), xyz(b)];
  const chord = Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
  return 2 * R * Math.asin(chord / 2);
}

const SLOTS = [
  { name: 'Slot 1', start: '12:00', end: '13:00', setup: '11:30' },
  { name: 'Slot 2', start: '13:30', end: '14:30', setup: '13:00' },
  { name: 'Slot 3', start: '15:00', end: '16:00', setup: '14:30' },
  { name: 'Slot 4', start: '16:30', end: '17:30', setup: '16:00' },
];
const festivalWith = (matching: unknown = {}): FitFestival => ({
  slots: SLOTS,
  matching: MatchingConfigSchema.parse(matching),
});
const FESTIVAL = festivalWith();
const venue = fitVenue;
const act = fitAct;

const pinned = (at: { lat: number; lng: number }) => ({ lat: at.lat, lng: at.lng });

function worldOf(
  venues: FitVenue[],
  acts: FitAct[],
  sets: Placement[] = [],
  opts: { rainActive?: boolean; festival?: FitFestival } = {},
) {
  return new FitWorld(opts.festival ?? FESTIVAL, venues, acts, opts.rainActive ?? false, sets);
}

const at = (venue_id: number, slot: SlotDef, act_id: number): Placement => ({ venue_id, slot, act_id });
const codes = (notes: readonly { code: string }[]) => notes.map((n) => n.code);

function check(
  world: FitWorld,
  venueId: number,
  slot: SlotDef,
  actId: number,
  options: { inTouch?: boolean; openSlot?: boolean; audience?: 'host' | 'performer' | 'committee' } = {},
) {
  const result = assess(
    world,
    venueId,
    slot,
    actId,
    { inTouch: options.inTouch ?? false },
    options.audience ?? 'committee',
    { openSlot: options.openSlot ?? false },
  );
  if (!result) throw new Error(`no venue ${venueId} or act ${actId}`);
  return result;
}
const blocksOf = (...args: Parameters<typeof check>) => codes(check(...args).blocks);

describe('the test arithmetic', () => {
  it('moves a pin north by the metres asked, by an independent formula', () => {
    // A degree of latitude on the mean sphere is 2πR / 360.
    expect((2 * Math.PI * 6_371_008.8) / 360).toBeCloseTo(M_PER_DEG_LAT, 1);
    for (const m of [79, 80, 81, 600, 601]) expect(chordArcM(HOME, north(m))).toBeCloseTo(m, 3);
  });

  it('reads the thresholds the issue names from the configuration defaults', () => {
    expect(FESTIVAL.matching.earshot_m).toBe(80);
    expect(FESTIVAL.matching.max_walk_m).toBe(600);
  });
});

// Every hard rule behaves the same on the festival date and once the rain date is in force (the
// porches and acts here are all available on the rain date).
describe.each([
  { day: 'the festival date', rainActive: false },
  { day: 'the rain date', rainActive: true },
])('hard rules on $day', ({ rainActive }) => {
  const opts = { rainActive };

  it('a porch and act that fit break no rule', () => {
    const world = worldOf([venue(1)], [act(1)], [], opts);
    const result = check(world, 1, 'Slot 1', 1);
    expect(result.eligible).toBe(true);
    expect(result.blocks).toEqual([]);
    expect(result.score).toBeGreaterThan(0);
  });

  it('slot_unavailable: a slot the porch does not offer, unless the host is choosing it', () => {
    const world = worldOf([venue(1, { slots: ['Slot 1'] })], [act(1)], [], opts);
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
    const result = check(world, 1, 'Slot 2', 1);
    expect(result.eligible).toBe(false);
    expect(result.score).toBe(0);
    expect(result.blocks).toEqual([{ code: 'slot_unavailable', text: 'The porch does not offer Slot 2' }]);
    expect(check(world, 1, 'Slot 2', 1, { audience: 'host' }).blocks[0]!.text).toBe(
      'Slot 2 is not turned on at your porch',
    );
    expect(blocksOf(world, 1, 'Slot 2', 1, { openSlot: true })).toEqual([]);
  });

  it('slot_taken: another act holds the slot; the act holding it and a host replacing it are not blocked', () => {
    const world = worldOf([venue(1)], [act(1), act(2)], [at(1, 'Slot 1', 1)], opts);
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
    expect(check(world, 1, 'Slot 1', 2).blocks).toEqual([
      { code: 'slot_taken', text: 'Slot 1 at 1 Elm Street already has an act' },
    ]);
    expect(blocksOf(world, 1, 'Slot 2', 2)).toEqual([]);
    expect(blocksOf(world, 1, 'Slot 1', 2, { openSlot: true })).toEqual([]);
  });

  it('not_preferred_slot: only at the act’s preferred times', () => {
    const world = worldOf([venue(1)], [act(1, { preferred: ['Slot 1', 'Slot 3'] })], [], opts);
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
    expect(blocksOf(world, 1, 'Slot 3', 1)).toEqual([]);
    expect(check(world, 1, 'Slot 2', 1).blocks).toEqual([
      { code: 'not_preferred_slot', text: 'Prefers to play at 12pm and 3:00pm, not 1:30pm' },
    ]);
    expect(check(world, 1, 'Slot 4', 1, { audience: 'performer' }).blocks[0]!.text).toBe(
      'Slot 4 (4:30pm) is not one of your preferred slots',
    );
  });

  it('act_busy: the act already plays at that time at another porch, not at another time', () => {
    const world = worldOf([venue(1), venue(2)], [act(1)], [at(1, 'Slot 1', 1)], opts);
    expect(check(world, 2, 'Slot 1', 1).blocks).toEqual([{ code: 'act_busy', text: 'Plays at 12pm at 1 Elm Street' }]);
    expect(blocksOf(world, 2, 'Slot 3', 1)).toEqual([]);
    // Its own set is never in its way.
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
  });

  it('act_busy names no hidden porch', () => {
    const world = worldOf([venue(1, { hidden: true }), venue(2)], [act(1)], [at(1, 'Slot 1', 1)], opts);
    expect(check(world, 2, 'Slot 1', 1).blocks[0]!.text).toBe('Plays at 12pm at another porch');
  });

  it('owner_busy: another act of the same performer account plays at that time; another account’s act does not matter', () => {
    const sameOwner = act(2, { owner_id: 2001, name: 'Side Project' });
    const stranger = act(3);
    const world = worldOf([venue(1), venue(2)], [act(1), sameOwner, stranger], [at(1, 'Slot 1', 1)], opts);
    expect(check(world, 2, 'Slot 1', 2).blocks).toEqual([
      { code: 'owner_busy', text: 'The same performer plays at 12pm at 1 Elm Street with Act 1' },
    ]);
    expect(check(world, 2, 'Slot 1', 2, { audience: 'performer' }).blocks[0]!.text).toBe(
      'You play at 12pm at 1 Elm Street with Act 1',
    );
    expect(blocksOf(world, 2, 'Slot 3', 2)).toEqual([]);
    expect(blocksOf(world, 2, 'Slot 1', 3)).toEqual([]);
  });

  // Each thing a porch may lack that an act needs, with every sound system that needs it: porch 1
  // lacks it and blocks the act; porch 2 has it (a porch has everything unless told otherwise).
  const NEEDS: {
    code: string;
    sound: SoundSystem;
    lacking: Parameters<typeof venue>[1];
    text: string;
    forHost: string;
  }[] = [
    {
      code: 'needs_sound_system',
      sound: 'need_to_borrow',
      lacking: { sound_system: false },
      text: 'Needs to borrow a sound system; the porch has none',
      forHost: 'This act needs to borrow a sound system; your porch has none',
    },
    ...(['bring_own', 'avail_others', 'need_to_borrow'] as const).map((sound) => ({
      code: 'needs_electricity',
      sound,
      lacking: { electric: false },
      text: 'Needs electricity; the porch has none',
      forHost: 'This act needs electricity; your porch has none',
    })),
  ];

  it.each(NEEDS)(
    '$code: an act ($sound) only at a porch that has what it needs',
    ({ code, sound, lacking, text, forHost }) => {
      const world = worldOf([venue(1, lacking), venue(2)], [act(1, { sound })], [], opts);
      expect(check(world, 1, 'Slot 1', 1).blocks).toEqual([{ code, text }]);
      expect(check(world, 1, 'Slot 1', 1, { audience: 'host' }).blocks[0]!.text).toBe(forHost);
      expect(blocksOf(world, 2, 'Slot 1', 1)).toEqual([]);
    },
  );

  it('needs_sound_system: an act bringing its own needs none from the porch', () => {
    const world = worldOf([venue(1, { sound_system: false })], [act(1, { sound: 'bring_own' })], [], opts);
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
  });

  it('needs_electricity: an act that needs no sound system plays at a porch without electricity', () => {
    const world = worldOf([venue(1, { electric: false, sound_system: false })], [act(1)], [], opts);
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([]);
  });

  it('both sound rules at a porch with neither sound system nor electricity', () => {
    const world = worldOf(
      [venue(1, { electric: false, sound_system: false })],
      [act(1, { sound: 'need_to_borrow' })],
      [],
      opts,
    );
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual(['needs_sound_system', 'needs_electricity']);
  });

  it('porch_too_small: a 4+ act not at a 1-3 porch; at a 4+ or any-size porch it fits', () => {
    const world = worldOf(
      [venue(1, { size_pref: 'one_to_three' }), venue(2, { size_pref: 'four_plus' }), venue(3, { size_pref: 'any' })],
      [act(1, { size: 'four_plus' }), act(2, { size: 'one_to_three' })],
      [],
      opts,
    );
    expect(check(world, 1, 'Slot 1', 1).blocks).toEqual([
      { code: 'porch_too_small', text: 'A 4+ person act; the porch is for 1-3 persons' },
    ]);
    expect(blocksOf(world, 2, 'Slot 1', 1)).toEqual([]);
    expect(blocksOf(world, 3, 'Slot 1', 1)).toEqual([]);
    expect(blocksOf(world, 1, 'Slot 1', 2)).toEqual([]);
  });

  it('lists every rule a pair breaks, in the documented order', () => {
    const world = worldOf(
      [venue(1, { size_pref: 'one_to_three', electric: false, sound_system: false, slots: ['Slot 2'] })],
      [act(1, { size: 'four_plus', sound: 'need_to_borrow', preferred: ['Slot 2'] }), act(2)],
      [at(1, 'Slot 1', 2)],
      opts,
    );
    expect(blocksOf(world, 1, 'Slot 1', 1)).toEqual([
      'slot_unavailable',
      'slot_taken',
      'not_preferred_slot',
      'needs_sound_system',
      'needs_electricity',
      'porch_too_small',
    ]);
  });
});

describe('the rain date', () => {
  const world = (rainActive: boolean) =>
    worldOf(
      [venue(1, { rain_ok: false }), venue(2, { rain_ok: true })],
      [act(1, { rain_ok: false }), act(2, { rain_ok: true })],
      [],
      { rainActive },
    );

  it('on the festival date, a porch or act not available on the rain date is suggested, with a warning', () => {
    const w = world(false);
    for (const [v, a, text] of [
      [1, 2, 'The porch is not available on the rain date'],
      [2, 1, 'The act cannot play on the rain date'],
      [1, 1, 'Neither the act nor the porch is available on the rain date'],
    ] as const) {
      const result = check(w, v, 'Slot 1', a);
      expect(result.eligible).toBe(true);
      expect(result.warnings).toContainEqual({ code: 'no_rain_plan', text });
      expect(codes(result.reasons)).not.toContain('rain');
    }
    expect(codes(check(w, 2, 'Slot 1', 2).warnings)).not.toContain('no_rain_plan');
  });

  it('once the rain date is in force, only porches and acts available on it', () => {
    const w = world(true);
    expect(check(w, 1, 'Slot 1', 2).blocks).toEqual([
      { code: 'venue_not_on_rain_date', text: 'The porch is not available on the rain date, which is now in force' },
    ]);
    expect(check(w, 2, 'Slot 1', 1).blocks).toEqual([
      { code: 'act_not_on_rain_date', text: 'The act cannot play on the rain date, which is now in force' },
    ]);
    expect(blocksOf(w, 1, 'Slot 1', 1)).toEqual(['venue_not_on_rain_date', 'act_not_on_rain_date']);
    const both = check(w, 2, 'Slot 1', 2);
    expect(both.eligible).toBe(true);
    expect(codes(both.reasons)).toContain('rain');
    // No warning about a rain plan once the rain date is the day.
    expect(codes(check(w, 2, 'Slot 1', 2).warnings)).not.toContain('no_rain_plan');
  });
});

describe.each([
  { day: 'the festival date', rainActive: false },
  { day: 'the rain date', rainActive: true },
])('earshot on $day', ({ rainActive }) => {
  const loud = (id: number) => act(id, { sound: 'bring_own' });
  /** Porch 1 at HOME with amplified act 1 in Slot 1; porch 2 `metres` north. */
  const scene = (metres: number | null, second: FitAct = loud(2), first: FitAct = loud(1)) =>
    worldOf(
      [
        venue(1, pinned(HOME)),
        venue(2, metres === null ? {} : pinned(north(metres))),
        // Far away, with a loud act in Slot 1 too: never in earshot.
        venue(3, pinned(north(5000))),
      ],
      [first, second, loud(3)],
      [at(1, 'Slot 1', first.id), at(3, 'Slot 1', 3)],
      { rainActive },
    );

  it('two amplified acts 79 m apart in one slot: blocked, with the distance', () => {
    const result = check(scene(79), 2, 'Slot 1', 2);
    expect(result.eligible).toBe(false);
    expect(result.blocks).toEqual([
      {
        code: 'earshot',
        text: 'Within earshot (79 m) of Act 1, amplified at 12pm at 1 Elm Street; amplified acts play at least 80 m apart',
      },
    ]);
  });

  it('two amplified acts 81 m apart in one slot: allowed', () => {
    const result = check(scene(81), 2, 'Slot 1', 2);
    expect(result.eligible).toBe(true);
    expect(result.blocks).toEqual([]);
  });

  it('exactly 80 m apart: allowed (only closer than 80 m is within earshot)', () => {
    expect(blocksOf(scene(80), 2, 'Slot 1', 2)).toEqual([]);
  });

  it('79 m apart in different slots: allowed', () => {
    expect(blocksOf(scene(79), 2, 'Slot 2', 2)).toEqual([]);
  });

  it('79 m apart when either act is unamplified: allowed', () => {
    expect(blocksOf(scene(79, act(2, { sound: 'dont_need' })), 2, 'Slot 1', 2)).toEqual([]);
    expect(blocksOf(scene(79, loud(2), act(1, { sound: 'dont_need' })), 2, 'Slot 1', 2)).toEqual([]);
  });

  it('a porch without a pin skips earshot, and says so', () => {
    const result = check(scene(null), 2, 'Slot 1', 2);
    expect(result.eligible).toBe(true);
    expect(result.warnings).toContainEqual({
      code: 'no_pin',
      text: 'The porch has no pin on the map: earshot and walking distance are not checked',
    });
    // An unamplified act needs no such warning.
    expect(codes(check(scene(null, act(2)), 2, 'Slot 1', 2).warnings)).not.toContain('no_pin');
  });

  it('the other porch without a pin skips earshot too', () => {
    const world = worldOf([venue(1), venue(2, pinned(north(10)))], [loud(1), loud(2)], [at(1, 'Slot 1', 1)], {
      rainActive,
    });
    expect(blocksOf(world, 2, 'Slot 1', 2)).toEqual([]);
  });

  it('follows the configured distance', () => {
    const wider = festivalWith({ earshot_m: 100 });
    const world = worldOf(
      [venue(1, pinned(HOME)), venue(2, pinned(north(81)))],
      [loud(1), loud(2)],
      [at(1, 'Slot 1', 1)],
      { rainActive, festival: wider },
    );
    expect(check(world, 2, 'Slot 1', 2).blocks[0]!.text).toContain('at least 100 m apart');
  });
});

describe.each([
  { day: 'the festival date', rainActive: false },
  { day: 'the rain date', rainActive: true },
])('walking between consecutive sets on $day', ({ rainActive }) => {
  /** Act 1 plays porch 1 (at HOME) in Slot 2; act 2 has the same performer account; act 3 another. */
  const scene = (metres: number | null) =>
    worldOf(
      [venue(1, pinned(HOME)), venue(2, metres === null ? {} : pinned(north(metres)))],
      [act(1, { name: 'Duo' }), act(2, { owner_id: 2001, name: 'Trio' }), act(3)],
      [at(1, 'Slot 2', 1)],
      { rainActive },
    );

  it.each<SlotDef>(['Slot 1', 'Slot 3'])(
    'the same account 601 m away in the slot next to it (%s): blocked, with the distance',
    (slot) => {
      const result = check(scene(601), 2, slot, 2);
      expect(result.eligible).toBe(false);
      expect(result.blocks).toEqual([
        {
          code: 'walk_too_far',
          text: 'The same performer plays at 1:30pm at 1 Elm Street, 601 m away; consecutive sets are at most 600 m apart',
        },
      ]);
      expect(check(scene(601), 2, slot, 2, { audience: 'performer' }).blocks[0]!.text).toMatch(/^You play at 1:30pm/);
    },
  );

  it.each<SlotDef>(['Slot 1', 'Slot 3'])('the same account 600 m away in the slot next to it (%s): allowed', (slot) => {
    const result = check(scene(600), 2, slot, 2);
    expect(result.eligible).toBe(true);
    expect(result.blocks).toEqual([]);
  });

  it('the act itself, 601 m away in the next slot: blocked; 600 m: allowed', () => {
    expect(check(scene(601), 2, 'Slot 3', 1).blocks).toEqual([
      {
        code: 'walk_too_far',
        text: 'Plays at 1:30pm at 1 Elm Street, 601 m away; consecutive sets are at most 600 m apart',
      },
    ]);
    expect(blocksOf(scene(600), 2, 'Slot 3', 1)).toEqual([]);
  });

  it('601 m away two slots later, or for another account: allowed', () => {
    expect(blocksOf(scene(601), 2, 'Slot 4', 2)).toEqual([]);
    expect(blocksOf(scene(601), 2, 'Slot 3', 3)).toEqual([]);
  });

  it('a porch without a pin skips walking', () => {
    expect(blocksOf(scene(null), 2, 'Slot 3', 2)).toEqual([]);
  });

  it('follows the configured distance', () => {
    const world = new FitWorld(
      festivalWith({ max_walk_m: 1000 }),
      [venue(1, pinned(HOME)), venue(2, pinned(north(601)))],
      [act(1), act(2, { owner_id: 2001 })],
      rainActive,
      [at(1, 'Slot 2', 1)],
    );
    expect(blocksOf(world, 2, 'Slot 3', 2)).toEqual([]);
  });
});

describe('soft reasons', () => {
  /** A folk porch for 1-3 persons on Cedar Road, free at every slot. */
  const porch = (traits: FitVenueTraits = {}) =>
    venue(1, { address: '52 Cedar Road', genres: ['folk'], size_pref: 'one_to_three', ...traits });
  /** A folk trio who asked for Cedar Road, with no porch yet. */
  const trio = (traits: Partial<FitAct> = {}) => act(1, { venue_pref: 'Anywhere on Cedar Road, please', ...traits });
  const score = (v: FitVenue, a: FitAct, inTouch = false, sets: Placement[] = []) =>
    check(worldOf([v, venue(2)], [a], sets), 1, 'Slot 1', 1, { inTouch });

  it('a pair with every reason scores the sum of the default weights, with a sentence for each', () => {
    const result = check(worldOf([porch()], [trio()]), 1, 'Slot 1', 1, { inTouch: true, audience: 'host' });
    expect(result.reasons).toEqual([
      { code: 'genre', text: 'Plays folk, which you asked for' },
      { code: 'size', text: 'Fits your porch size' },
      { code: 'rain', text: 'Can also play on the rain date' },
      { code: 'in_touch', text: 'You have been in touch through the app' },
      { code: 'street', text: 'Asked to play on Cedar Road' },
      { code: 'no_porch_yet', text: 'Has no porch yet' },
    ]);
    expect(result.score).toBe(3 + 1 + 1 + 2 + 2 + 1);
    expect(result.warnings).toEqual([]);
  });

  it('genre: an asked genre or a porch that takes every genre scores; another genre warns', () => {
    expect(codes(score(porch(), trio()).reasons)).toContain('genre');
    const jazz = score(porch(), trio({ genre: 'jazz' }));
    expect(codes(jazz.reasons)).not.toContain('genre');
    expect(jazz.warnings).toContainEqual({ code: 'genre_not_asked', text: 'Plays jazz; the porch asked for folk' });
    expect(score(porch(), trio()).score - jazz.score).toBe(3);

    const every = score(porch({ genres: GenreList.values }), trio({ genre: 'jazz' }));
    expect(every.reasons).toContainEqual({ code: 'genre', text: 'Plays jazz; any genre is welcome' });
    expect(every.score).toBe(score(porch(), trio()).score);
    // All but one genre is not "every genre".
    const almost = score(porch({ genres: GenreList.values.filter((g) => g !== 'jazz') }), trio({ genre: 'jazz' }));
    expect(codes(almost.reasons)).not.toContain('genre');
  });

  it('size: only an exact match scores; a small act on a 4+ porch warns', () => {
    const exact = score(porch(), trio());
    const anySize = score(porch({ size_pref: 'any' }), trio());
    expect(codes(exact.reasons)).toContain('size');
    expect(codes(anySize.reasons)).not.toContain('size');
    expect(exact.score - anySize.score).toBe(1);
    expect(codes(score(porch({ size_pref: 'four_plus' }), trio({ size: 'four_plus' })).reasons)).toContain('size');
    expect(score(porch({ size_pref: 'four_plus' }), trio()).warnings).toContainEqual({
      code: 'smaller_than_asked',
      text: 'A 1-3 person act on a porch set for 4+ persons',
    });
  });

  it('rain: both available on the rain date scores; either not, no points', () => {
    const both = score(porch(), trio());
    expect(codes(both.reasons)).toContain('rain');
    for (const [v, a] of [
      [porch({ rain_ok: false }), trio()],
      [porch(), trio({ rain_ok: false })],
    ] as const) {
      const r = score(v, a);
      expect(codes(r.reasons)).not.toContain('rain');
      expect(both.score - r.score).toBe(1);
    }
  });

  it('in touch: the host and performer having written to each other scores', () => {
    const apart = score(porch(), trio(), false);
    const inTouch = score(porch(), trio(), true);
    expect(codes(apart.reasons)).not.toContain('in_touch');
    expect(inTouch.reasons).toContainEqual({
      code: 'in_touch',
      text: 'The host and the performer have written to each other',
    });
    expect(inTouch.score - apart.score).toBe(2);
  });

  it.each([
    ['Anywhere on Cedar Road, please', true],
    ['cedar road!', true],
    ['CÉDAR ROAD or nearby', true],
    ['The Cedar Roadhouse', false],
    ['Near Cedar Street', false],
    ['', false],
  ] as const)('street: preferred-venue text %j names the porch’s street: %s', (venuePref, names) => {
    const r = score(porch(), trio({ venue_pref: venuePref || null }));
    expect(codes(r.reasons).includes('street')).toBe(names);
    expect(r.score).toBe(names ? 3 + 1 + 1 + 2 + 1 : 3 + 1 + 1 + 1);
  });

  it('no porch yet scores; an act already playing elsewhere does not, and says where', () => {
    const unplaced = score(porch(), trio());
    const placed = score(porch(), trio(), false, [at(2, 'Slot 3', 1)]);
    expect(codes(unplaced.reasons)).toContain('no_porch_yet');
    expect(codes(placed.reasons)).not.toContain('no_porch_yet');
    expect(unplaced.score - placed.score).toBe(1);
    expect(placed.warnings).toContainEqual({ code: 'also_plays', text: 'Also plays at 3:00pm at 2 Elm Street' });
  });

  it('a pair a hard rule blocks scores 0 but still shows its reasons', () => {
    const result = check(worldOf([porch({ electric: false })], [trio({ sound: 'bring_own' })]), 1, 'Slot 1', 1);
    expect(result.eligible).toBe(false);
    expect(result.score).toBe(0);
    expect(codes(result.reasons)).toContain('genre');
  });
});

describe('the weights come from the configuration', () => {
  const WEIGHTS = {
    genre: 'genre',
    size: 'size',
    rain: 'rain',
    contact: 'in_touch',
    street: 'street',
    unplaced: 'no_porch_yet',
  };
  const zero = { genre: 0, size: 0, rain: 0, contact: 0, street: 0, unplaced: 0 };
  const fullPair = (festival: FitFestival) =>
    check(
      worldOf(
        [venue(1, { address: '52 Cedar Road', size_pref: 'one_to_three' })],
        [act(1, { venue_pref: 'Cedar Road' })],
        [],
        { festival },
      ),
      1,
      'Slot 1',
      1,
      { inTouch: true },
    );

  it.each(Object.entries(WEIGHTS))('weights.%s gives the %s reason its points', (weight) => {
    const result = fullPair(festivalWith({ weights: { ...zero, [weight]: 7 } }));
    expect(result.score).toBe(7);
    expect(result.reasons).toHaveLength(6);
  });

  it('a changed weight changes the score', () => {
    const base = fullPair(FESTIVAL).score;
    expect(fullPair(festivalWith({ weights: { genre: 10 } })).score).toBe(base - 3 + 10);
  });
});
