/**
 * A synthetic festival for the matchmaking and draft-schedule benchmarks (issues 24 and 25):
 * porches with four slots each, acts, and the host and performer accounts that own them, as
 * plain data shaped like the API's create bodies. Pure: no I/O, no clock; the same options give
 * the same festival, byte for byte (bench/support/seeded.ts's PRNG). Seeding it into a running
 * app is bench/support/seed-generated.ts's job.
 *
 *   const festival = generateFestival(LARGE_FESTIVAL);                 // 400 porches, 600 acts
 *   const festival = generateFestival({ ...SMALL_FESTIVAL, seed: 7 }); // 120 porches, 250 acts
 *   const sets = planSets(festival, { share: 1 / 3 });                 // a third of the slots filled
 *
 * The mix (issue 25, "Speed and quality"), each share exact (counts rounded, then shuffled):
 * - acts: 60% acoustic (sound_system 'dont_need'), the rest spread evenly over 'bring_own',
 *   'avail_others' and 'need_to_borrow'; 60% available on the rain date; 1 to 4 preferred slots
 *   (each count equally likely); sizes 70% '1-3 persons'; a genre each; one in seven names a street
 *   in its preferred-venue text;
 * - performer accounts: 10% of them have two acts (so accounts = acts / 1.1), the rest one;
 * - porches: every one offers the four slots; 70% have electricity, and 40% of those a sound
 *   system to lend; 60% available on the rain date; 1 to 3 genres asked for (one in eight asks
 *   for every genre); size preference 40% any, 35% '1-3 persons', 25% '4+ persons';
 * - host accounts: 10% have two porches, the rest one;
 * - pins: every porch on a street grid over `area` (1.5 km east-west x 1.2 km north-south by
 *   default) centred on `center` (festival.config.json's map.center by default): east-west
 *   streets every 100 m, north-south avenues every 125 m, each porch at a random place along one of
 *   them, 6-15 m back from its centre line, its address numbered by that place (so "12 Maple
 *   Street" is where its pin is). At 400 porches that is about 220 porches per km², a handful
 *   within 80 m (earshot) of each;
 * - text: about a quarter of names, bios and addresses carry non-ASCII ("Café Überbrücke",
 *   "Ñandú Trío", "Δέλτα Blues", "Rue des Érables"); bios are 150-600 characters of rich text.
 */
import { Genres, SLOT_DEFS, type Genre, type SlotDef } from '../../contract/enums.js';
import type { ActInput } from '../../contract/acts.js';
import type { CreateVenueInput } from '../../contract/venues.js';
import { seeded } from './seeded.js';

export type SoundSystem = ActInput['sound_system'];
export type ActSize = ActInput['size'];
export type VenueSizePref = CreateVenueInput['size_pref'];

/** What a generated festival looks like: every field has a default but the two counts. */
export interface FestivalShape {
  porches: number;
  acts: number;
  /** The PRNG's start; the same seed gives the same festival. Default 2025. */
  seed?: number;
  /** Share of acts with sound_system 'dont_need'. Default 0.6. */
  acousticShare?: number;
  /** Share of performer accounts with two acts. Default 0.1. */
  twoActShare?: number;
  /** Share of host accounts with two porches. Default 0.1. */
  twoPorchShare?: number;
  /** Share of porches with electricity. Default 0.7. */
  electricShare?: number;
  /** Share of porches with electricity that also lend a sound system. Default 0.4. */
  soundSystemShare?: number;
  /** Share of porches, and of acts, available on the rain date. Default 0.6. */
  rainShare?: number;
  /** Share of names, bios and addresses with non-ASCII text. Default 0.25. */
  nonAsciiShare?: number;
  /** The pins' area in metres (east-west, north-south). Default 1,500 x 1,200. */
  area?: { widthM: number; heightM: number };
  /** The area's centre, [latitude, longitude]. Default festival.config.json's map.center. */
  center?: readonly [number, number];
  /**
   * The festival's map bounds, [[south, west], [north, east]]: when given, every pin is checked to
   * fall inside (the server refuses a pin outside them), and generateFestival throws otherwise.
   */
  bounds?: readonly [readonly [number, number], readonly [number, number]];
}

/** Issue 25's large festival (also issue 24's matchmaking benchmark). */
export const LARGE_FESTIVAL = { porches: 400, acts: 600 } as const satisfies FestivalShape;
/** Issue 25's small festival. */
export const SMALL_FESTIVAL = { porches: 120, acts: 250 } as const satisfies FestivalShape;

/** festival.config.json's map.center (copied: the generator reads no files; pass `center` to override). */
export const DEFAULT_CENTER = [42.444, -76.5019] as const;

export interface GeneratedAccount {
  name: string;
  /** Unique per seed: `host-3-s2025@porchfest.example.org`. */
  email: string;
  role: 'host' | 'performer';
}

export interface GeneratedVenue {
  /** Index into `hosts`. */
  owner: number;
  /** The body of POST /v1/venues: every slot offered, the pin set. */
  body: CreateVenueInput & { latitude: number; longitude: number };
  /** Metres east and north of the area's centre (for distances without trigonometry). */
  x: number;
  y: number;
}

export interface GeneratedAct {
  /** Index into `performers`. */
  owner: number;
  /** The body of POST /v1/acts. */
  body: ActInput;
}

export interface GeneratedFestival {
  shape: Required<Omit<FestivalShape, 'bounds'>> & Pick<FestivalShape, 'bounds'>;
  hosts: GeneratedAccount[];
  performers: GeneratedAccount[];
  venues: GeneratedVenue[];
  acts: GeneratedAct[];
}

/** A set of a plan: indexes into `venues` and `acts`. */
export interface PlannedSet {
  venue: number;
  slot: SlotDef;
  act: number;
}

const DEFAULTS = {
  seed: 2025,
  acousticShare: 0.6,
  twoActShare: 0.1,
  twoPorchShare: 0.1,
  electricShare: 0.7,
  soundSystemShare: 0.4,
  rainShare: 0.6,
  nonAsciiShare: 0.25,
  area: { widthM: 1500, heightM: 1200 },
  center: DEFAULT_CENTER,
} as const;

// Streets run east-west every 100 m, avenues north-south every 125 m.
const STREET_SPACING_M = 100;
const AVENUE_SPACING_M = 125;
const STREETS = [
  'Maple Street',
  'Oak Street',
  'Elm Street',
  'Birch Lane',
  'Cedar Road',
  'Willow Way',
  'Chestnut Street',
  'Walnut Street',
  'Spruce Court',
  'Aspen Road',
  'Linden Street',
  'Hazel Lane',
  'Poplar Street',
  'Juniper Road',
  'Alder Street',
] as const;
const AVENUES = [
  'Church Avenue',
  'Hill Avenue',
  'Lake Avenue',
  'Park Avenue',
  'Mill Avenue',
  'School Avenue',
  'Railroad Avenue',
  'Orchard Avenue',
  'Spring Avenue',
  'Grove Avenue',
  'Union Avenue',
  'Prospect Avenue',
  'Valley Avenue',
  'Meadow Avenue',
  'Ridge Avenue',
] as const;
// Used in place of the English name for a non-ASCII address.
const STREETS_ABROAD = [
  'Rue des Érables',
  'Calle Peñalosa',
  'Gärtnerweg',
  'Øster Allé',
  'Ulica Żeromskiego',
  'Rua São João',
] as const;

const ACT_FIRST = ['Maple', 'Porch', 'Backyard', 'Sidewalk', 'Lemonade', 'Front Step', 'Streetlight', 'Sunday'];
const ACT_SECOND = ['String Band', 'Ramblers', 'Quartet', 'Trio', 'Collective', 'Duo', 'Choir', 'Stompers', 'Groove'];
const ACT_NON_ASCII = [
  'Café Überbrücke',
  'Ñandú Trío',
  'Δέλτα Blues',
  'Sakura 桜 Ensemble',
  'Björk Street Band',
  'Дружба Brass',
  'Nour نور Duo',
  'Crème Brûlée Swing',
  'Dvořák Lane Quartet',
  'Seoul 서울 Beats',
  'Łódź Polka Club',
  'Porch 🎻 Fiddlers',
] as const;
const PEOPLE = ['Alex', 'Sam', 'Jordan', 'Priya', 'Chris', 'Maria', 'Tom', 'Aisha', 'Ken', 'Lena', 'Omar', 'Ruth'];
const PEOPLE_NON_ASCII = ['Zoë', 'José', 'Søren', 'Ayşe', 'Łukasz', 'Αλέξης', 'Юлия', '陈静', 'Noémie', 'Björn'];
const SURNAMES = ['Rivera', 'Okafor', 'Lee', 'Natarajan', 'Novak', 'Smith', 'Garcia', 'Kim', 'Cohen', 'Brown'];

const WORDS = (
  'we play songs about porches summer rain old friends new roads banjo fiddle guitar drums bass harmony ' +
  'rhythm swing groove folk tunes dance along kids welcome neighbours all ages loud soft originals covers ' +
  'classics ballads stomp clap sing chorus evening sunshine street corner lemonade shade'
).split(' ');
const WORDS_NON_ASCII = 'café naïve über crème façade señora jalapeño smörgåsbord Ελλάδα музыка 音楽 🎶 déjà-vu'.split(
  ' ',
);

/** `count` booleans, exactly round(count x share) of them true, in a seeded order. */
function exactly(random: () => number, count: number, share: number): boolean[] {
  const trues = Math.round(count * share);
  return shuffle(
    random,
    Array.from({ length: count }, (_, i) => i < trues),
  );
}

function shuffle<T>(random: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Owners for `items` items: accounts with one item, `twoShare` of them with two (shuffled). */
function owners(random: () => number, items: number, twoShare: number): { accounts: number; owner: number[] } {
  const accounts = Math.max(1, Math.round(items / (1 + twoShare)));
  const twice = Math.min(accounts, items - accounts);
  const owner = Array.from({ length: accounts }, (_, i) => i);
  owner.push(...shuffle(random, [...owner]).slice(0, twice));
  return { accounts, owner: shuffle(random, owner) };
}

const M_PER_DEG_LAT = 111_320;

/** Generates a festival of `shape` (see the file's comment for the mix). */
export function generateFestival(shape: FestivalShape): GeneratedFestival {
  const s = { ...DEFAULTS, ...shape };
  const rnd = seeded(s.seed, WORDS);
  const { random, pick, some } = rnd;
  const int = (below: number) => Math.floor(random() * below);
  const tag = `s${s.seed}`;
  const foreign = () => random() < s.nonAsciiShare;

  function bio(target: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < target) {
      const words = Array.from({ length: 6 + int(10) }, () =>
        foreign() && random() < 0.3 ? pick(WORDS_NON_ASCII) : pick(WORDS),
      );
      const text = words.join(' ');
      const sentence = `${text[0]!.toUpperCase()}${text.slice(1)}.`;
      length += sentence.length + 1;
      parts.push(random() < 0.3 ? `<p><strong>${sentence}</strong></p>` : `<p>${sentence}</p>`);
    }
    return parts.join('');
  }
  const personName = () => `${foreign() ? pick(PEOPLE_NON_ASCII) : pick(PEOPLE)} ${pick(SURNAMES)}`;

  // Porches, then the hosts who own them.
  const hostOwners = owners(random, s.porches, s.twoPorchShare);
  const electric = exactly(random, s.porches, s.electricShare);
  const porchRain = exactly(random, s.porches, s.rainShare);
  const lendsSound = exactly(random, s.porches, s.soundSystemShare);
  const [lat0, lng0] = s.center;
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((lat0 * Math.PI) / 180);
  const streetCount = Math.max(1, Math.floor(s.area.heightM / STREET_SPACING_M));
  const avenueCount = Math.max(1, Math.floor(s.area.widthM / AVENUE_SPACING_M));
  const usedAddresses = new Set<string>();
  const venues: GeneratedVenue[] = Array.from({ length: s.porches }, (_, v) => {
    const onStreet = random() < s.area.widthM / (s.area.widthM + s.area.heightM);
    const side = random() < 0.5 ? -1 : 1;
    const setback = side * (6 + random() * 9);
    let x: number;
    let y: number;
    let line: number;
    let along: number;
    if (onStreet) {
      line = int(streetCount);
      along = random() * s.area.widthM;
      x = along - s.area.widthM / 2;
      y = (line + 0.5) * (s.area.heightM / streetCount) - s.area.heightM / 2 + setback;
    } else {
      line = int(avenueCount);
      along = random() * s.area.heightM;
      x = (line + 0.5) * (s.area.widthM / avenueCount) - s.area.widthM / 2 + setback;
      y = along - s.area.heightM / 2;
    }
    const names = onStreet ? STREETS : AVENUES;
    const streetName = foreign() ? STREETS_ABROAD[line % STREETS_ABROAD.length]! : names[line % names.length]!;
    // Even numbers on one side, odd on the other, ten metres apart; bumped past a taken one.
    let number = 2 * Math.floor(along / 10) + (side > 0 ? 2 : 1);
    while (usedAddresses.has(`${number} ${streetName}`)) number += 2;
    const address = `${number} ${streetName}`;
    usedAddresses.add(address);
    const latitude = Number((lat0 + y / M_PER_DEG_LAT).toFixed(6));
    const longitude = Number((lng0 + x / mPerDegLng).toFixed(6));
    if (s.bounds) {
      const [[south, west], [north, east]] = s.bounds;
      if (latitude < south || latitude > north || longitude < west || longitude > east) {
        throw new Error(`generateFestival: porch ${v} at ${latitude},${longitude} falls outside the map bounds`);
      }
    }
    const sizeDraw = random();
    const body: GeneratedVenue['body'] = {
      address,
      bio: bio(150 + int(450)),
      rain_date_available: porchRain[v]!,
      preferred_act_types: random() < 1 / 8 ? [...Genres.values] : some<Genre>(Genres.values, 3),
      size_pref: sizeDraw < 0.4 ? 'any' : sizeDraw < 0.75 ? 'one_to_three' : 'four_plus',
      provide_electric: electric[v] ? 'yes' : 'no',
      provide_sound_system: electric[v] && lendsSound[v] ? 'yes' : 'no',
      available_slots: SLOT_DEFS.map((slot_def) => ({ slot_def })),
      latitude,
      longitude,
      step_free: random() < 0.5,
      seating: random() < 0.4,
      shade: random() < 0.6,
      restroom_nearby: random() < 0.2,
    };
    return { owner: hostOwners.owner[v]!, body, x, y };
  });
  const hosts: GeneratedAccount[] = Array.from({ length: hostOwners.accounts }, (_, h) => ({
    name: personName(),
    email: `host-${h + 1}-${tag}@porchfest.example.org`,
    role: 'host',
  }));

  // Acts, then the performers who own them.
  const actOwners = owners(random, s.acts, s.twoActShare);
  const acoustic = exactly(random, s.acts, s.acousticShare);
  const actRain = exactly(random, s.acts, s.rainShare);
  const AMPLIFIED: SoundSystem[] = ['bring_own', 'avail_others', 'need_to_borrow'];
  let amplifiedSeen = 0;
  const usedNames = new Set<string>();
  const acts: GeneratedAct[] = Array.from({ length: s.acts }, (_, a) => {
    const base = foreign() ? pick(ACT_NON_ASCII) : `${pick(ACT_FIRST)} ${pick(ACT_SECOND)}`;
    let name = base;
    for (let n = 2; usedNames.has(name); n++) name = `${base} ${n}`;
    usedNames.add(name);
    // Evenly over the three amplified answers, in turn.
    const sound: SoundSystem = acoustic[a] ? 'dont_need' : AMPLIFIED[amplifiedSeen++ % AMPLIFIED.length]!;
    const slotCount = 1 + int(SLOT_DEFS.length);
    const preferred = shuffle(random, [...SLOT_DEFS]).slice(0, slotCount);
    const street = random() < 1 / 7 ? pick([...STREETS, ...AVENUES]) : null;
    const body: ActInput = {
      name,
      bio: bio(150 + int(450)),
      type: pick<Genre>(Genres.values),
      rain_date_available: actRain[a]!,
      preferred_slots: SLOT_DEFS.filter((slot) => preferred.includes(slot)),
      size: random() < 0.7 ? 'one_to_three' : 'four_plus',
      sound_system: sound,
      venue_pref: street ? `Somewhere on ${street}, please` : null,
    };
    return { owner: actOwners.owner[a]!, body };
  });
  const performers: GeneratedAccount[] = Array.from({ length: actOwners.accounts }, (_, p) => ({
    name: personName(),
    email: `performer-${p + 1}-${tag}@porchfest.example.org`,
    role: 'performer',
  }));

  const { bounds, ...rest } = s;
  return { shape: { ...rest, ...(bounds ? { bounds } : {}) }, hosts, performers, venues, acts };
}

/** Metres between two generated porches (flat: the area is small). */
export function porchDistanceM(a: Pick<GeneratedVenue, 'x' | 'y'>, b: Pick<GeneratedVenue, 'x' | 'y'>): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export interface PlanOptions {
  /** Share of the venue slots to fill. Default 1/3. */
  share?: number;
  /** Default: the festival's seed + 1. */
  seed?: number;
  /** Share of sets given to an act that already has one (at most two each). Default 0.15. */
  secondSetShare?: number;
  /** The fit model's thresholds (festival.config.json's `matching`). Defaults 80 m and 600 m. */
  earshotM?: number;
  maxWalkM?: number;
}

/**
 * A schedule as hosts would fill it with the app's help: `share` of the venue slots, each with an
 * act that passes the fit model's hard rules at that moment (its preferred slot; electricity for
 * an amplified act; a sound system to borrow; the porch's size; not twice at one time, nor its
 * performer account; no two amplified acts within earshot in one slot; consecutive sets of one
 * account within walking distance). Most acts play once; `secondSetShare` of the sets go to an act
 * already playing, so "also plays" shows. Greedy over the slots in a seeded order: a slot no act
 * fits stays empty, so the plan may fall a little short of `share`.
 */
export function planSets(festival: GeneratedFestival, options: PlanOptions = {}): PlannedSet[] {
  const share = options.share ?? 1 / 3;
  const { random } = seeded(options.seed ?? festival.shape.seed + 1, WORDS);
  const earshot = options.earshotM ?? 80;
  const maxWalk = options.maxWalkM ?? 600;
  const secondShare = options.secondSetShare ?? 0.15;
  const { venues, acts } = festival;
  const amplified = (a: number) => acts[a]!.body.sound_system !== 'dont_need';
  const slotIndex = (slot: SlotDef) => SLOT_DEFS.indexOf(slot);

  const setsOfAct = new Map<number, PlannedSet[]>();
  const setsOfOwner = new Map<number, PlannedSet[]>();
  const amplifiedAt = new Map<SlotDef, number[]>(SLOT_DEFS.map((slot) => [slot, []]));
  const plan: PlannedSet[] = [];

  const fits = (venue: number, slot: SlotDef, act: number): boolean => {
    const v = venues[venue]!;
    const a = acts[act]!.body;
    if (!a.preferred_slots.includes(slot)) return false;
    if (a.sound_system === 'need_to_borrow' && v.body.provide_sound_system !== 'yes') return false;
    if (amplified(act) && v.body.provide_electric !== 'yes') return false;
    if (a.size === 'four_plus' && v.body.size_pref === 'one_to_three') return false;
    const mine = setsOfAct.get(act) ?? [];
    if (mine.length >= 2 || mine.some((p) => p.slot === slot)) return false;
    for (const p of setsOfOwner.get(acts[act]!.owner) ?? []) {
      if (p.slot === slot) return false;
      const apart = Math.abs(slotIndex(p.slot) - slotIndex(slot)) === 1;
      if (apart && porchDistanceM(venues[p.venue]!, v) > maxWalk) return false;
    }
    if (amplified(act)) {
      for (const other of amplifiedAt.get(slot)!) {
        if (porchDistanceM(venues[other]!, v) < earshot) return false;
      }
    }
    return true;
  };

  const order = shuffle(
    random,
    venues.flatMap((_, venue) => SLOT_DEFS.map((slot) => ({ venue, slot }))),
  );
  const target = Math.round(order.length * share);
  for (const { venue, slot } of order) {
    if (plan.length >= target) break;
    const wantSecond = random() < secondShare;
    // Start at a random act and take the first that fits, preferring acts with no set (or, for a
    // second set, acts with one).
    const start = Math.floor(random() * acts.length);
    let chosen: number | undefined;
    let fallback: number | undefined;
    for (let k = 0; k < acts.length && chosen === undefined; k++) {
      const act = (start + k) % acts.length;
      if (!fits(venue, slot, act)) continue;
      const playing = (setsOfAct.get(act)?.length ?? 0) > 0;
      if (playing === wantSecond) chosen = act;
      else fallback ??= act;
    }
    const act = chosen ?? fallback;
    if (act === undefined) continue;
    const set: PlannedSet = { venue, slot, act };
    plan.push(set);
    pushTo(setsOfAct, act, set);
    pushTo(setsOfOwner, acts[act]!.owner, set);
    if (amplified(act)) amplifiedAt.get(slot)!.push(venue);
  }
  return plan.sort((x, y) => x.venue - y.venue || slotIndex(x.slot) - slotIndex(y.slot));
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One line on what was generated, for a benchmark's header. */
export function describeFestival(festival: GeneratedFestival, plan?: readonly PlannedSet[]): string {
  const { venues, acts, hosts, performers } = festival;
  const pct = (n: number, of: number) => `${Math.round((100 * n) / Math.max(1, of))}%`;
  const acoustic = acts.filter((a) => a.body.sound_system === 'dont_need').length;
  const electric = venues.filter((v) => v.body.provide_electric === 'yes').length;
  const actsOf = new Map<number, number>();
  for (const a of acts) actsOf.set(a.owner, (actsOf.get(a.owner) ?? 0) + 1);
  const twoActs = [...actsOf.values()].filter((n) => n === 2).length;
  const ys = venues.map((v) => v.y);
  const xs = venues.map((v) => v.x);
  const span = (list: number[]) => Math.max(...list) - Math.min(...list);
  const parts = [
    `${venues.length} porches x ${SLOT_DEFS.length} slots (${hosts.length} hosts), ${acts.length} acts (${performers.length} performer accounts, ${pct(twoActs, performers.length)} with two acts)`,
    `${pct(acoustic, acts.length)} acoustic, ${pct(electric, venues.length)} porches with electricity`,
    `rain date: ${pct(venues.filter((v) => v.body.rain_date_available).length, venues.length)} of porches, ${pct(acts.filter((a) => a.body.rain_date_available).length, acts.length)} of acts`,
    `pins over ${(span(xs) / 1000).toFixed(2)} km x ${(span(ys) / 1000).toFixed(2)} km`,
  ];
  if (plan) {
    const twice = new Map<number, number>();
    for (const p of plan) twice.set(p.act, (twice.get(p.act) ?? 0) + 1);
    parts.push(
      `${plan.length} sets planned (${pct(plan.length, venues.length * SLOT_DEFS.length)} of the slots; ${[...twice.values()].filter((n) => n > 1).length} acts with two)`,
    );
  }
  return parts.join('; ');
}
