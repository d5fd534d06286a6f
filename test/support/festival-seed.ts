/**
 * A festival of real size, seeded through the HTTP API of a running app (never the database), as
 * hosts and performers would fill it in: people sign up, hosts add their porches, performers their
 * acts, hosts put acts into their slots. Shared by the benches (bench/festival-pages.ts) and the
 * e2e tests; every response is read through the contract's schemas.
 *
 *   const festival = await seedFestival(server.baseUrl);                  // 300 venues, 600 acts, 600 sets
 *   const festival = await seedFestival(server.baseUrl, E2E_FESTIVAL);    // 40 venues, 80 acts, 80 sets
 *   const festival = await seedFestival(server.baseUrl, { venues: 12, acts: 20, seed: 7 });
 *
 * Deterministic: the same options give the same names, addresses, bios and line-up (ids depend on
 * the database). Every venue offers the four slots; act a plays in slot a % 4 at venue
 * floor(a / 2), so each venue hosts two acts in two different slots and each slot has a quarter of
 * the sets. Bios are 200-1,200 characters of rich text in several scripts (accents, CJK, emoji,
 * right-to-left names), some with a small inline PNG that the server moves to /v1/media.
 *
 * The server's limits shape it: sign-ups are limited per client address, so each batch of people
 * signs up from its own loopback address (127.0.0.0/8 all reaches the server on 127.0.0.1), and
 * argon2 makes each sign-up cost real CPU, so a few dozen people each own several venues or acts.
 */
import { inParallel, loopbackClient, type LoopbackClient } from './loopback-client.js';
import { encodePng } from './png.js';
import { seededRandom } from './seeded-random.js';
import type { z } from '../../contract/zod.js';
import { SessionUserSchema } from '../../contract/auth.js';
import { ActSchema, type ActInput } from '../../contract/acts.js';
import { Genres, SLOT_DEFS, type Genre, type SlotDef } from '../../contract/enums.js';
import { VenueSchema, type CreateVenueInput, type UpdateVenueSlotsInput } from '../../contract/venues.js';

export interface FestivalSize {
  venues: number;
  /** At most twice the venues: each venue hosts two sets. */
  acts: number;
}

export interface FestivalSeedOptions extends Partial<FestivalSize> {
  /** The pseudo-random sequence's start: the same seed gives the same festival. */
  seed?: number;
  /** How many acts get a set (the first ones); the rest are "Looking for a host". Default: all. */
  sets?: number;
  /** People signing up (default: one host per 10 venues, one performer per 20 acts, at least 2 each). */
  hosts?: number;
  performers?: number;
  /** Requests in flight at once while creating venues, acts and sets. */
  concurrency?: number;
  /** Where progress and the time it took are printed; `null` for silence. */
  log?: ((line: string) => void) | null;
  /**
   * Places the venues on the map, spread over about a kilometre around this point (the map at
   * festival scale, e2e/porch-map-festival.test.ts). Default: no coordinates, as most hosts leave
   * them out.
   */
  around?: { latitude: number; longitude: number };
}

/**
 * The v-th of `count` porches around a point: a sunflower spiral (golden angle), so they fill a
 * disc of about 1 km evenly, in the same places every time, without drawing from the seeded
 * sequence (a festival seeded with `around` has the same names and line-up as one without).
 */
function spiralPoint(center: { latitude: number; longitude: number }, v: number, count: number) {
  const radius = 0.009 * Math.sqrt((v + 0.5) / count); // degrees of latitude: about 1 km at the edge
  const angle = v * 2.399963229728653;
  const latitude = center.latitude + radius * Math.cos(angle);
  const longitude = center.longitude + (radius * Math.sin(angle)) / Math.cos((center.latitude * Math.PI) / 180);
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

/** The festival of issue-sized scale: 300 porches, 600 acts, 600 sets (150 per slot). */
export const FULL_FESTIVAL: FestivalSize = { venues: 300, acts: 600 };
/** Big enough to page, filter and find conflicts in; small enough for an e2e file's beforeAll. */
export const E2E_FESTIVAL: FestivalSize = { venues: 40, acts: 80 };

/** Every seeded person's password (strong by the spec's rule, not a common one). */
export const SEED_PASSWORD = 'Porch-Seed-2025!';

export interface SeededUser {
  id: number;
  name: string;
  email: string;
  password: string;
  /** The session token from sign-up: `{ authorization: `Bearer ${token}` }`. */
  token: string;
  role: 'host' | 'performer';
}

export interface SeededSet {
  slot: SlotDef;
  venueId: number;
  address: string;
  actId: number;
  actName: string;
  genre: Genre;
}

export interface SeededVenue {
  id: number;
  address: string;
  ownerId: number;
  /** Its sets in slot order (an empty slot has none). */
  sets: SeededSet[];
}

export interface SeededAct {
  id: number;
  name: string;
  genre: Genre;
  ownerId: number;
  /** Whether the bio carries an inline picture (served from /v1/media after the save). */
  hasPicture: boolean;
  /** Where it plays; null when it has no set. */
  set: SeededSet | null;
}

export interface SeededFestival {
  baseUrl: string;
  hosts: SeededUser[];
  performers: SeededUser[];
  venues: SeededVenue[];
  acts: SeededAct[];
  /** Every set, by slot then venue. */
  sets: SeededSet[];
  /** Wall-clock seconds the seeding took. */
  seconds: number;
}

/** A fixed pseudo-random sequence: seededRandom's, with `int` below a bound and `some` of a list. */
function randomFrom(start: number) {
  const { next: random, pick } = seededRandom(start);
  const int = (below: number) => Math.floor(random() * below);
  const some = <T>(list: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: 1 + int(max) }, () => pick(list))),
  ];
  return { random, int, pick, some };
}
type Random = ReturnType<typeof randomFrom>;

// Names in the scripts a neighbourhood has: accents, CJK, Greek, Cyrillic, right-to-left, emoji.
const ACT_FIRST = [
  'Zoë',
  'Los Hermanos',
  'Ørsted',
  'Café',
  'Sakura 桜',
  '東京',
  'Ñandú',
  'Nour نور',
  'Shalom שלום',
  'Kalimera Καλημέρα',
  'Björk Street',
  'Maple',
  'Crème Brûlée',
  'Дружба',
  'Seoul 서울',
  'Amélie',
  'São Paulo',
  'Fjörd',
  'Dvořák Lane',
  'Mañana',
  'Łódź',
  'Çay',
  'Porch 🎻',
  'Saffron',
  'Île',
] as const;
const ACT_SECOND = [
  'String Band',
  'Brass Collective',
  'Ramblers',
  'Quartet',
  'Trio',
  '& the Ünderdogs',
  'Jazz Club',
  'Choir',
  'Folk Revival',
  'Beat 🥁',
  'Soundsystem',
  'Duo',
  'Orchestra',
  'Stompers',
  'Ensemble',
  'Family Band',
  'Kids Club',
  'Blues Review',
  'Songbook',
  'Groove',
  'Fiddlers',
  'Collective',
  'Harmonies',
  'Dance Party 💃',
  'Poets',
] as const;
const STREETS = [
  'Maple Street',
  'Oak Avenue',
  'Elm Street',
  'Birch Lane',
  'Cedar Road',
  'Willow Way',
  'Chestnut Street',
  'Rue des Érables',
  'Calle Peñalosa',
  'Church Street',
  'Gärtnerweg',
  'Spruce Court',
] as const;

// Sentences of rich text in several languages: accents, CJK, emoji, right-to-left.
const SENTENCES = [
  'We play songs about porches, summer rain and old friends.',
  'Bring a chair, bring the kids, bring your neighbours — everyone is welcome.',
  'Nous jouons des chansons douces pour les après-midi d’été, café crème à la main.',
  'Música en vivo con guitarra, cajón y voces: ¡vengan a bailar con nosotros!',
  '私たちは夏の午後に、ポーチで静かなフォークソングを演奏します。',
  '我们在门廊上演奏爵士乐和民谣，欢迎全家一起来听。',
  '우리는 이웃과 함께 노래하는 것을 좋아합니다.',
  'نحن نعزف موسيقى شعبية من الشرق الأوسط على العود والطبلة.',
  'אנחנו מנגנים כליזמר ושירי עם על המרפסת, כולם מוזמנים.',
  'Μουσική από τα νησιά, με μπουζούκι και πολλή χαρά.',
  'Играем старые песни под гитару и аккордеон. 🎸🪗',
  'Fiddle, banjo and a washboard: expect to stomp and clap along! 🎻🪕👏',
  'Our drummer learned on pots and pans; now the whole street grooves. 🥁',
  'Covers of the classics, a few originals, and one very long encore.',
  'Für alle, die gern tanzen: Polka, Walzer und ein bisschen Rock’n’Roll.',
  'Çok güzel bir öğleden sonra için sakin şarkılar çalıyoruz.',
  'Śpiewamy piosenki o lecie, o deszczu i o przyjaciołach.',
  'Kids’ corner at 2pm: shakers, tambourines and a sing-along. 🎶',
  'Acoustic sets under the maple tree, with lemonade for the first fifty listeners.',
  'Brass, bass and a sousaphone that barely fits on the porch. 🎺',
] as const;

/** A real 16x16 PNG of two colour bands (so each colour pair is its own media file). */
export function smallPng(rgbTop: [number, number, number], rgbBottom: [number, number, number]): Buffer {
  const size = 16;
  const rows = Array.from({ length: size }, (_, y) => {
    const [r, g, b] = y < size / 2 ? rgbTop : rgbBottom;
    return Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  });
  return encodePng(size, size, Buffer.concat(rows));
}

function picture(rnd: Random): string {
  const colour = (): [number, number, number] => [rnd.int(256), rnd.int(256), rnd.int(256)];
  return `<p><img src="data:image/png;base64,${smallPng(colour(), colour()).toString('base64')}"></p>`;
}

// Each sentence's words, to mix into new sentences: bios as varied as real ones (whole repeated
// sentences would compress far better than real text and flatter every byte count).
const WORDS_BY_SENTENCE = SENTENCES.map((s) => s.split(/\s+/));

/** A sentence of 6-16 words from one sentence's language, in a new order, or a whole one (one in four). */
function phrase(rnd: Random): string {
  const words = rnd.pick(WORDS_BY_SENTENCE);
  if (rnd.random() < 0.25 || words.length < 3) return words.join(' ');
  const mixed = Array.from({ length: 6 + rnd.int(11) }, () => rnd.pick(words));
  return mixed.join(' ');
}

/** A bio as the editor writes it: 200 to 1,200 visible characters in paragraphs, lists and headings. */
function bio(rnd: Random, withPicture: boolean): string {
  const target = 200 + rnd.int(1001);
  const parts: string[] = [];
  let length = 0;
  const sentence = () => {
    // Never past the target: the spec's 1,500-character limit stays far away.
    const text = phrase(rnd).slice(0, Math.max(1, target - length));
    length += text.length + 1;
    return text;
  };
  if (rnd.random() < 0.2) parts.push(`<h3>${sentence()}</h3>`);
  if (withPicture) parts.push(picture(rnd));
  while (length < target) {
    const kind = rnd.random();
    if (kind < 0.15 && target - length > 120) {
      parts.push(`<ul><li>${sentence()}</li><li>${sentence()}</li></ul>`);
    } else if (kind < 0.4) {
      parts.push(`<p><strong>${sentence()}</strong> ${length < target ? sentence() : ''}</p>`);
    } else if (kind < 0.55) {
      parts.push(`<p><em>${sentence()}</em></p>`);
    } else {
      parts.push(`<p>${sentence()}</p>`);
    }
  }
  return parts.join('');
}

const client = loopbackClient({ maxSockets: 16, errorPrefix: 'Seeding: ' });

/** Sends (test/support/loopback-client.ts) and parses the expected answer with `schema`. */
async function send<S extends z.ZodType>(
  schema: S,
  ...request: Parameters<LoopbackClient['send']>
): Promise<z.output<S>> {
  return schema.parse(await client.send(...request));
}

// The server allows 20 sign-ups per client address per hour: stay under it, leaving room on
// 127.0.0.1 for the tests that sign people up after seeding.
const SIGNUPS_PER_ADDRESS = 15;
const signupAddress = (n: number) => `127.0.0.${10 + Math.floor(n / SIGNUPS_PER_ADDRESS)}`;

/**
 * Seeds a festival through the API of the app at `baseUrl` (FULL_FESTIVAL by default) and returns
 * what it made. Throws on any answer it did not expect, naming the request.
 */
export async function seedFestival(baseUrl: string, options: FestivalSeedOptions = {}): Promise<SeededFestival> {
  const venueCount = options.venues ?? FULL_FESTIVAL.venues;
  const actCount = options.acts ?? FULL_FESTIVAL.acts;
  const setCount = options.sets ?? actCount;
  if (actCount > 2 * venueCount) throw new Error('seedFestival: at most two acts per venue (acts <= 2 x venues)');
  if (setCount > actCount) throw new Error('seedFestival: more sets than acts');
  const hostCount = options.hosts ?? Math.max(2, Math.ceil(venueCount / 10));
  const performerCount = options.performers ?? Math.max(2, Math.ceil(actCount / 20));
  const concurrency = options.concurrency ?? 6;
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  const seed = options.seed ?? 2025;
  const rnd = randomFrom(seed);
  const started = performance.now();
  // Tag addresses with the seed so two seedings into one database (a test's own) never collide.
  const tag = `s${seed}`;

  // People: hosts then performers, each batch from its own loopback address.
  const people = [
    ...Array.from({ length: hostCount }, (_, i) => ({ role: 'host' as const, n: i })),
    ...Array.from({ length: performerCount }, (_, i) => ({ role: 'performer' as const, n: i })),
  ];
  // Two at a time: each sign-up is an argon2 hash on the server.
  const users = await inParallel(people, 2, async ({ role, n }, index): Promise<SeededUser> => {
    const name = role === 'host' ? `Host ${rnd.pick(ACT_FIRST)} ${n + 1}` : `Performer ${rnd.pick(ACT_FIRST)} ${n + 1}`;
    const email = `${role}-${n + 1}-${tag}@porchfest.example.org`;
    const session = await send(SessionUserSchema, 201, baseUrl, 'POST', '/v1/auth/signup', {
      body: { name, email, password: SEED_PASSWORD, roles: [role] },
      from: signupAddress(index),
    });
    return { id: session.id, name: session.name, email, password: SEED_PASSWORD, token: session.jwt_token, role };
  });
  const hosts = users.filter((u) => u.role === 'host');
  const performers = users.filter((u) => u.role === 'performer');
  log?.(`  signed up ${hosts.length} hosts and ${performers.length} performers`);

  // Venues: every one offers the four slots; owners in turn, so each owns several.
  const venueInputs = Array.from({ length: venueCount }, (_, v): CreateVenueInput => {
    const genres = rnd.some(Genres.values, 3);
    return {
      address: `${v + 1} ${rnd.pick(STREETS)}`,
      bio: bio(rnd, rnd.random() < 0.1),
      rain_date_available: rnd.random() < 0.6,
      preferred_act_types: genres,
      size_pref: rnd.pick(['one_to_three', 'four_plus', 'any'] as const),
      provide_electric: rnd.pick(['yes', 'no'] as const),
      provide_sound_system: rnd.pick(['yes', 'no'] as const),
      available_slots: SLOT_DEFS.map((slot_def) => ({ slot_def })),
      ...(options.around ? spiralPoint(options.around, v, venueCount) : {}),
    };
  });
  const venues = await inParallel(venueInputs, concurrency, async (input, v) => {
    const owner = hosts[v % hosts.length]!;
    const venue = await send(VenueSchema, 201, baseUrl, 'POST', '/v1/venues', { body: input, token: owner.token });
    return { id: venue.id, address: venue.address, owner };
  });
  log?.(`  added ${venues.length} venues`);

  // Acts: varied genres; about one in seven with a picture in its bio.
  const actInputs = Array.from({ length: actCount }, (_, a): ActInput & { hasPicture: boolean } => {
    const first = ACT_FIRST[a % ACT_FIRST.length]!;
    const second = ACT_SECOND[Math.floor(a / ACT_FIRST.length) % ACT_SECOND.length]!;
    const round = Math.floor(a / (ACT_FIRST.length * ACT_SECOND.length));
    const hasPicture = rnd.random() < 0.15;
    return {
      name: round === 0 ? `${first} ${second}` : `${first} ${second} ${round + 1}`,
      bio: bio(rnd, hasPicture),
      type: rnd.pick(Genres.values),
      rain_date_available: rnd.random() < 0.5,
      preferred_slots: [SLOT_DEFS[a % 4]!, ...rnd.some(SLOT_DEFS, 2)].filter((s, i, all) => all.indexOf(s) === i),
      size: rnd.pick(['one_to_three', 'four_plus'] as const),
      sound_system: rnd.pick(['bring_own', 'avail_others', 'dont_need', 'need_to_borrow'] as const),
      venue_pref: null,
      hasPicture,
    };
  });
  const acts = await inParallel(actInputs, concurrency, async ({ hasPicture, ...input }, a) => {
    const owner = performers[a % performers.length]!;
    const act = await send(ActSchema, 201, baseUrl, 'POST', '/v1/acts', { body: input, token: owner.token });
    return { id: act.id, name: act.name, genre: act.type, ownerId: owner.id, hasPicture };
  });
  log?.(`  added ${acts.length} acts`);

  // Sets: act a plays slot a % 4 at venue floor(a / 2): two acts per venue, in different slots.
  const setsByVenue = new Map<number, SeededSet[]>();
  const seededActs: SeededAct[] = acts.map((act) => ({ ...act, set: null }));
  for (let a = 0; a < setCount; a++) {
    const venue = venues[Math.floor(a / 2)]!;
    const act = seededActs[a]!;
    const set: SeededSet = {
      slot: SLOT_DEFS[a % 4]!,
      venueId: venue.id,
      address: venue.address,
      actId: act.id,
      actName: act.name,
      genre: act.genre,
    };
    act.set = set;
    setsByVenue.set(venue.id, [...(setsByVenue.get(venue.id) ?? []), set]);
  }
  await inParallel(venues, concurrency, async (venue) => {
    const sets = setsByVenue.get(venue.id);
    if (!sets) return;
    const body: UpdateVenueSlotsInput = {
      available_slots: SLOT_DEFS.map((slot_def) => ({
        slot_def,
        scheduled_act_id: sets.find((s) => s.slot === slot_def)?.actId ?? null,
      })),
    };
    await send(VenueSchema, 200, baseUrl, 'PATCH', `/v1/venues/${venue.id}`, { body, token: venue.owner.token });
  });

  const seededVenues: SeededVenue[] = venues.map((venue) => ({
    id: venue.id,
    address: venue.address,
    ownerId: venue.owner.id,
    sets: [...(setsByVenue.get(venue.id) ?? [])].sort((x, y) => x.slot.localeCompare(y.slot)),
  }));
  const sets = seededActs
    .flatMap((a) => (a.set ? [a.set] : []))
    .sort((x, y) => x.slot.localeCompare(y.slot) || x.venueId - y.venueId);
  const seconds = (performance.now() - started) / 1000;
  log?.(
    `Seeded ${seededVenues.length} venues, ${seededActs.length} acts, ${sets.length} sets through the API in ${seconds.toFixed(1)} s`,
  );
  client.close();
  return { baseUrl, hosts, performers, venues: seededVenues, acts: seededActs, sets, seconds };
}
