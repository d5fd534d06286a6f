/**
 * The demo's festival in Linden Falls (docs/decisions/0057): neighbours with plausible names,
 * porches at house numbers along the town's own streets (scripts/demo/town.ts) with their pins
 * where those numbers are, acts with names and bios a band would write, mostly in English and some
 * in the other languages a neighbourhood speaks, a few drawn pictures, a schedule with some acts
 * still looking for a host, and messages between hosts and performers. Put in through the HTTP
 * API as people would (never the database), like test/support/festival-seed.ts, whose random
 * words and spiral of pins stay for the tests and benches that need them.
 *
 * Deterministic: the same data every time (ids depend on the database).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ActSchema } from '../../contract/acts.js';
import { SessionUserSchema } from '../../contract/auth.js';
import { SLOT_DEFS, type Genre, type SlotDef } from '../../contract/enums.js';
import { VenueSchema, type CreateVenueInput, type UpdateVenueSlotsInput } from '../../contract/venues.js';
import { fromRoot } from '../../server/lib/paths.js';
import { StreetPlanSchema } from '../../server/web/street-tiles.js';
import { inParallel, loopbackClient } from '../../test/support/loopback-client.js';
import { seededRandom } from '../../test/support/seeded-random.js';
import { MOTIFS_BY_GENRE, pictureHtml } from './pictures.js';
import { STREET_PLAN_FILE, streetPlan, toLatLng, toMetres } from './town.js';

/** Every demo person's password (strong by the spec's rule). */
export const DEMO_PASSWORD = 'Porch-Demo-2025!';
const VENUES = 60;
const SETS = 108;

// Neighbours: first the hosts, then the performers. Names of the many places a town's people come from.
const PEOPLE = [
  'Margaret Sullivan',
  'Daniel Okafor',
  'Priya Raman',
  'Tom Kowalski',
  'Lucía Fernández',
  'Graham Whitaker',
  'Mei Lin Chen',
  'Ahmed Haddad',
  'Rosa Delgado',
  'Kenji Watanabe',
  'Hannah Schmidt',
  'Marcus Johnson',
  'Ingrid Larsen',
  'Olusegun Adeyemi',
  'Claire Dubois',
  'Patrick O’Neill',
  'Fatima Zahra Benali',
  'Sung-min Park',
  'Elena Petrova',
  'James MacKenzie',
  'Ana Sofia Costa',
  'David Goldberg',
  'Nadia Rahman',
  'Björn Eriksson',
  'Aroha Ngata',
  'Carlos Mendoza',
  'Sophie Tremblay',
  'Yusuf Demir',
  'Grace Mwangi',
  'Oliver Bennett',
  // Performers.
  'Thi Lan Nguyen',
  'Miguel Ángel Ortiz',
  'Ruth Abramson',
  'Siobhan Murphy',
  'Ravi Shankar Iyer',
  'Agnieszka Nowak',
  'Maya Lindqvist',
  'Jonah Whitfield',
  'Amara Osei',
  'Diego Romero',
  'Hana Kobayashi',
  'Ben Calloway',
  'Layla Nasser',
  'Théo Martin',
  'Keisha Williams',
  'Zoë Adler',
  'Omar Farouk',
  'Isabela Santos',
  'Ji-woo Han',
  'Samuel Asante',
  'Chloé Lefebvre',
  'Kofi Mensah',
  'Astrid Nilsson',
  'Noor Khalil',
  'Wen Zhao',
  'Lea Hoffmann',
  'Mateo Vargas',
  'Arjun Mehta',
  'Marisol Cruz',
  'Eitan Levi',
] as const;
const HOSTS = 30;

// Acts: name, genre, size (s: 1-3 people, b: 4 or more), the language of their own words when not English.
type Lang = 'es' | 'fr' | 'de' | 'ja' | 'ar' | 'pt' | 'ko' | 'uk' | 'zh' | 'sv' | 'it';
const ACTS: [string, Genre, 's' | 'b', Lang?][] = [
  ['The Hollow Creek Ramblers', 'americana', 'b'],
  ['Mill Creek String Band', 'bluegrass', 'b'],
  ['Delta Morning', 'blues', 's'],
  ['Linden Falls Brass Band', 'brass', 'b'],
  ['Elm Street String Quartet', 'classical', 'b'],
  ['Whiskey Porch', 'country', 'b'],
  ['Salsa del Barrio', 'dance', 'b', 'es'],
  ['The Maple Leaves', 'folk', 's'],
  ['Funk Shui', 'funk', 'b'],
  ['Verse & Verandah', 'hiphop', 's'],
  ['Paper Lanterns', 'indie', 'b'],
  ['Blue Note Porch Trio', 'jazz', 's'],
  ['The Wiggly Sprouts', 'kids', 'b'],
  ['Sunny Side Up', 'pop', 'b'],
  ['The Lawn Gnomes', 'punk', 's'],
  ['The Gutter Cleaners', 'rock', 'b'],
  ['Maya Lindqvist', 'singer_songwriter', 's', 'sv'],
  ['Sweet Soul Supper', 'soul', 'b'],
  ['The Poetry Stoop', 'spoken_word', 's'],
  ['Kora Collective', 'world', 'b', 'fr'],
  ['Dusty Lantern', 'americana', 's'],
  ['The Hay Bale Pickers', 'bluegrass', 'b'],
  ['Big Mama Thornbury', 'blues', 'b'],
  ['The Second Line Society', 'brass', 'b'],
  ['Arioso Duo', 'classical', 's'],
  ['Kelsey Rae & the Fence Posts', 'country', 'b'],
  ['Contra Dance Collective', 'dance', 'b'],
  ['Wren & Willow', 'folk', 's'],
  ['The Get Down Gang', 'funk', 'b'],
  ['MC Juniper', 'hiphop', 's'],
  ['The Small Hours', 'indie', 's'],
  ['The Swing Shift', 'jazz', 'b'],
  ['Mr. Rob and the Jellybeans', 'kids', 'b'],
  ['Ava Montgomery', 'pop', 's'],
  ['Overdue Library Books', 'punk', 's'],
  ['Loud Neighbours', 'rock', 'b'],
  ['Jonah Whitfield', 'singer_songwriter', 's'],
  ['The Velvet Tones', 'soul', 'b'],
  ['Storytellers of Cedar Road', 'spoken_word', 's'],
  ['Banda La Vecindad', 'world', 'b', 'es'],
  ['Juniper & Pine', 'americana', 's'],
  ['Cedar Road Breakdown', 'bluegrass', 'b'],
  ['Blue Mondays', 'blues', 's'],
  ['Brassroots', 'brass', 'b'],
  ['Les Petites Cordes', 'classical', 's', 'fr'],
  ['Two Lane Highway', 'country', 's'],
  ['Disco Lemonade', 'dance', 'b'],
  ['Les Voisins', 'folk', 's', 'fr'],
  ['Brick House Funk', 'funk', 'b'],
  ['The Cypher Circle', 'hiphop', 'b'],
  ['Moth & Moon', 'indie', 's'],
  ['Ella & the Evergreens', 'jazz', 'b'],
  ['Sing-Along Sam', 'kids', 's'],
  ['The Lemonade Stand', 'pop', 'b'],
  ['Noise Complaint', 'punk', 's'],
  ['Thunder Road Revival', 'rock', 'b'],
  ['Amara Osei', 'singer_songwriter', 's'],
  ['Honey & Grits', 'soul', 's'],
  ['Verses on the Veranda', 'spoken_word', 's'],
  ['Taiko Linden', 'world', 'b', 'ja'],
  ['The Backroad Almanac', 'americana', 'b'],
  ['Old Post Road Pickers', 'bluegrass', 's'],
  ['The Rusty Hinges', 'blues', 's'],
  ['Tuba Libre', 'brass', 'b'],
  ['The Walnut Consort', 'classical', 'b'],
  ['Copper Kettle', 'country', 's'],
  ['The Groove Merchants', 'dance', 'b'],
  ['Fiddlehead Folk', 'folk', 'b'],
  ['Slick Grooves', 'funk', 's'],
  ['Lyric Lab', 'hiphop', 's'],
  ['Satellite Gardens', 'indie', 'b'],
  ['Night Owl Quintet', 'jazz', 'b'],
  ['The Puddle Jumpers', 'kids', 's'],
  ['Polaroid Summer', 'pop', 's'],
  ['The Recycling Bins', 'punk', 'b'],
  ['The Screen Doors', 'rock', 's'],
  ['Lucía Romero', 'singer_songwriter', 's', 'es'],
  ['Soul Kitchen Five', 'soul', 'b'],
  ['Open Mic Porch', 'spoken_word', 'b'],
  ['Bossa Nova Breeze', 'world', 's', 'pt'],
  ['Sadie Mae Collins', 'americana', 's'],
  ['Sweet Tea Bluegrass', 'bluegrass', 'b'],
  ['Lou Carter Blues Band', 'blues', 'b'],
  ['The Marching Maples', 'brass', 'b'],
  ['Trio Allegretto', 'classical', 's', 'it'],
  ['The Hayloft Harmonies', 'country', 'b'],
  ['Glitter & Sawdust', 'dance', 's'],
  ['The Lamplighters', 'folk', 'b'],
  ['Mothership Porch', 'funk', 'b'],
  ['Beats on Main Street', 'hiphop', 's'],
  ['Yellow Kitchen', 'indie', 's'],
  ['Hot Club of Linden Falls', 'jazz', 's'],
  ['Ukulele Kids Club', 'kids', 'b'],
  ['Sugar Hill Sisters', 'pop', 's'],
  ['Crabgrass', 'punk', 's'],
  ['Garage Sale', 'rock', 's'],
  ['Hana Kobayashi', 'singer_songwriter', 's', 'ja'],
  ['Marcus Bell & the Tonics', 'soul', 'b'],
  ['Wordplay', 'spoken_word', 's'],
  ['Klezmer Klub', 'world', 'b', 'de'],
  ['Tin Roof Revival', 'americana', 'b'],
  ['Muddy Boots', 'blues', 's'],
  ['Horns of Plenty', 'brass', 'b'],
  ['Honky Tonk Heroes', 'country', 'b'],
  ['Zirka Choir', 'world', 'b', 'uk'],
  ['Field Notes', 'indie', 's'],
  ['Cool Breeze Combo', 'jazz', 's'],
  ['The Bubble Band', 'kids', 's'],
  ['Neon Picket Fence', 'pop', 'b'],
  ['Rolling Porches', 'rock', 'b'],
  ['Ben Calloway', 'singer_songwriter', 's'],
  ['Hanbit Duo', 'world', 's', 'ko'],
  ['Block Party Collective', 'hiphop', 'b'],
  ['Autumn Almanac', 'folk', 's'],
  ['Los Vecinos del Son', 'world', 'b', 'es'],
  ['The Screen Porch Sessions', 'other', 's'],
  ['Erhu & Friends', 'world', 's', 'zh'],
  ['Motor City Porch', 'soul', 'b'],
  ['Layali Ensemble', 'world', 'b', 'ar'],
  ['Saturday Night Porch', 'dance', 'b'],
];

const WHAT: Record<Genre, string> = {
  americana: 'Americana band',
  bluegrass: 'bluegrass outfit',
  blues: 'blues band',
  brass: 'brass band',
  classical: 'chamber ensemble',
  country: 'country band',
  dance: 'dance band',
  folk: 'folk group',
  funk: 'funk band',
  hiphop: 'hip hop crew',
  indie: 'indie band',
  jazz: 'jazz combo',
  kids: "children's music group",
  pop: 'pop group',
  punk: 'punk band',
  rock: 'rock band',
  singer_songwriter: 'singer-songwriter',
  soul: 'soul band',
  spoken_word: 'spoken word group',
  world: 'world music ensemble',
  other: 'band',
};

// What a band says about its music, by genre: two or three of these follow the opening line.
const ABOUT: Record<Genre, string[]> = {
  americana: [
    'We write songs about small towns, long drives and the people who stay.',
    'Expect harmonies, a slide guitar and at least one song about a dog.',
    'Our first album was recorded in a barn, and you can still hear the swallows.',
  ],
  bluegrass: [
    'Banjo, fiddle, mandolin, guitar and upright bass, all around one microphone.',
    'We play the old Monroe and Stanley tunes and a few fast ones of our own.',
    'If you have a washboard at home, bring it: we always need one more.',
  ],
  blues: [
    'Twelve bars, a harmonica and a guitar that has seen a few basements.',
    'We play Chicago and Delta blues, slow enough to dance to.',
    'Every set ends with a call-and-response the whole street can join.',
  ],
  brass: [
    'Trumpets, trombones, a sousaphone and a snare drum that marches right off the porch.',
    'New Orleans second-line tunes, a little Balkan brass and a lot of joy.',
    'Follow the umbrellas: we usually end the set parading down the block.',
  ],
  classical: [
    'We play Haydn, Dvořák and Florence Price, and a movement or two of something new.',
    'Chamber music belongs outdoors, on a summer afternoon, with lemonade.',
    'Children are welcome to sit up close and watch the bows.',
  ],
  country: [
    'Pedal steel, two-part harmonies and songs about pickup trucks and first loves.',
    'We cover Dolly, Patsy and Willie, and write our own when they run out.',
    'Line dancing is encouraged; boots are optional.',
  ],
  dance: [
    'Our only rule: nobody stands still.',
    'A caller teaches every dance before we play it, so no experience is needed.',
    'From disco to cumbia, everything we play has a beat you can feel in the floorboards.',
  ],
  folk: [
    'Old ballads, sea shanties and new songs about the town we live in.',
    'Two voices, a guitar and a fiddle: quiet enough for conversation, warm enough to stay for.',
    'We love a sing-along; the choruses are easy and we will teach them.',
  ],
  funk: [
    'Tight horns, a slap bass and a drummer who never misses the one.',
    'We play James Brown, the Meters and our own grooves, loud and on the beat.',
    'Bring your dancing shoes and leave your worries on the sidewalk.',
  ],
  hiphop: [
    'Beats made in a spare bedroom, rhymes written on the bus to work.',
    'Our lyrics are about this neighbourhood: the corner store, the bus stop, the block party.',
    'Clean lyrics, all ages, and an open cypher at the end of every set.',
  ],
  indie: [
    'Dreamy guitars, a borrowed synthesizer and songs about staying up too late.',
    'We met at a record shop and have been arguing about B-sides ever since.',
    'Our new EP is about moving to a town where everyone waves.',
  ],
  jazz: [
    'Standards from the Great American Songbook, a little bossa nova and some bebop for the purists.',
    'We improvise every set, so no two porches hear the same show.',
    'Swing, ballads and the occasional request, if you ask nicely.',
  ],
  kids: [
    'Songs about bugs, bath time and bedtime, with actions for little hands.',
    'Shakers and tambourines for every child who wants one (we collect them back, mostly).',
    'Grown-ups are allowed to dance too; in fact, we insist.',
  ],
  pop: [
    'Catchy choruses, three-part harmonies and covers of the songs you know by heart.',
    'We play the hits from the eighties to today, and one or two of our own.',
    'Sing along as loud as you like: we will hand you the chorus.',
  ],
  punk: [
    'Three chords, two minutes a song, one very patient neighbour.',
    'Loud, fast and friendly: we say sorry to the dogs before every set.',
    'Earplugs are free at the porch steps.',
  ],
  rock: [
    'Classic rock from the Stones to Tom Petty, played with more enthusiasm than rehearsal.',
    'Two guitars, a drummer and a bass player who also teaches third grade.',
    'We turn it up, then turn it down a little for the babies in the front row.',
  ],
  singer_songwriter: [
    'Quiet songs about kitchens, old letters and the light in late afternoon.',
    'Just a voice and a guitar, and the stories behind each song.',
    'A new album is out this spring, written mostly on this very street.',
  ],
  soul: [
    'Motown, Stax and Aretha, with a horn section and a lot of heart.',
    'A singer who could fill a church and a band that keeps up with her.',
    'We end every set with a song everyone knows the words to.',
  ],
  spoken_word: [
    'Poems about the neighbourhood, read aloud with a little upright bass behind them.',
    'Stories from the people on these streets, collected over many porch evenings.',
    'An open mic follows the set: bring a poem, a story or a joke.',
  ],
  world: [
    'Rhythms from many places, played by neighbours who brought them here.',
    'Drums, strings and voices, and an invitation to dance.',
    'We teach a rhythm at the start, and by the end the whole street plays along.',
  ],
  other: [
    'We play a little of everything, and whatever the porch asks for.',
    'A ukulele, a melodica and a theremin walk onto a porch…',
    'No two sets are alike, and neither are we.',
  ],
};

/** "a band", "an Americana band". */
const a = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
const OPENINGS = [
  (name: string, what: string, street: string) => `${name} is ${a(what)} from ${street}.`,
  (name: string, _what: string, street: string) =>
    `${name} started on a back porch on ${street} and never really left.`,
  (name: string, what: string) => `${name}: ${a(what)} of friends, neighbours and one cousin.`,
  (name: string, what: string, street: string) =>
    `Neighbours on ${street} know ${name} as the ${what} that rehearses with the windows open.`,
];

const CLOSINGS = [
  'See you on the porch!',
  'Come early: the shade goes fast.',
  'Thank you to our hosts for the porch and the lemonade.',
  'Tips go to the school music programme.',
  'Find us later at the food trucks on Main Street.',
  'This is our third Porchfest and still our favourite day of the year.',
];
const EMOJI = [' 🎶', ' 🎻', ' 🌻', ' 🍋', ' 🎺', ' 🥁', ' ☀️'];

// The acts who write in their own language, some with a line in English after.
const OWN_WORDS: Record<Lang, string> = {
  es: '<p>Somos vecinos de Linden Falls y tocamos música para bailar: salsa, cumbia y son. ¡Traigan a la familia y vengan a bailar con nosotros!</p><p><em>Bring the whole family and come dance with us.</em></p>',
  fr: "<p>Nous jouons des chansons d'ici et d'ailleurs, avec deux guitares, un accordéon et beaucoup de bonne humeur. Venez chanter avec nous sur le perron !</p><p><em>Come sing along with us on the porch.</em></p>",
  de: '<p>Wir spielen Klezmer, Polka und ein bisschen Swing, mit Klarinette, Geige, Akkordeon und Kontrabass. Tanzen ist ausdrücklich erwünscht!</p><p><em>Klezmer, polka and a bit of swing; dancing is very welcome.</em></p>',
  ja: '<p>和太鼓の演奏をお届けします。初めての方も大歓迎です。最後に一緒に太鼓を叩きましょう！</p><p><em>Japanese taiko drumming: at the end, everyone gets a turn on the drums.</em></p>',
  ar: '<p>نعزف موسيقى عربية تقليدية على العود والقانون والطبلة، ونغني أغاني من بلاد الشام ومصر. أهلاً وسهلاً بالجميع!</p><p><em>Traditional Arabic music on oud, qanun and tabla. Everyone is welcome.</em></p>',
  pt: '<p>Bossa nova e samba com violão, voz e percussão. Uma tarde de música brasileira na varanda, para ouvir e dançar.</p><p><em>An afternoon of Brazilian music on the porch.</em></p>',
  ko: '<p>가야금과 기타로 한국 민요와 우리가 만든 노래를 연주합니다. 함께 들으러 오세요!</p><p><em>Korean folk songs and our own, on gayageum and guitar.</em></p>',
  uk: '<p>Ми співаємо українські народні пісні а капела, від колядок до весільних пісень. Приходьте послухати!</p><p><em>Ukrainian folk songs sung a cappella.</em></p>',
  zh: '<p>我们用二胡和古筝演奏中国传统音乐，也演奏一些大家熟悉的流行歌曲。欢迎大家来听！</p><p><em>Traditional Chinese music on erhu and guzheng, and a few familiar tunes.</em></p>',
  sv: '<p>Jag skriver visor om sommarnätter, skärgården och om att hitta hem i en ny stad.</p><p>Songs in Swedish and English about summer nights and finding home in a new town.</p>',
  it: '<p>Suoniamo musica da camera: Vivaldi, Boccherini e qualche canzone napoletana per finire in bellezza.</p><p><em>Chamber music from Vivaldi to Neapolitan songs.</em></p>',
};

// What hosts write about their porches.
const PORCHES = [
  'A big wraparound porch under two old maples, in the shade all afternoon.',
  'A brick house with a wide front porch and a lawn that slopes down to the sidewalk, like a little amphitheatre.',
  'Our porch is small, but the front yard is large and flat: bring a blanket.',
  'A yellow Victorian with a porch swing and a front garden full of hollyhocks.',
  'A corner house, so there is room to listen from both streets.',
  'A deep porch with a ramp at the side and plenty of shade.',
  'Our front steps are wide and the neighbours lend their lawns every year.',
  'A blue farmhouse porch with string lights and a very friendly cat.',
  'Green shutters, a big front stoop and two rocking chairs we will gladly give up for the band.',
  'A craftsman bungalow with a low porch and a maple big enough to shade half the street.',
  'We are the house with the sunflowers. The porch is narrow, the lawn is not.',
  'A duplex with two porches side by side: our neighbours host with us.',
  'Our porch is up six steps, so the band can be seen from the end of the block.',
  'A white clapboard house with a deep porch and a garden bench or three.',
];
const PORCH_EXTRAS = [
  'We will have lemonade and cookies for the kids.',
  'There is an outlet on the porch and a long extension cord if you need it.',
  'Chairs for anyone who needs one; the rest of the lawn is yours.',
  'The bathroom is open to performers.',
  'Our dog will greet you. She loves music, mostly.',
  'Bring a blanket: the lawn is soft and the shade moves with the afternoon.',
  'Kids can draw on the sidewalk with our chalk while they listen.',
  'There is a water bowl on the steps for four-legged listeners.',
  'Please keep the volume kind: there is a newborn next door.',
  'We host every year and love every genre.',
  'Free parking on the side street; the porch faces west, so it is sunny after three.',
];

const MESSAGES = [
  'Hi! We play mostly acoustic sets and bring our own small amp. Could we have your 1:30 slot?',
  'We love your porch. Our trio needs about two metres of space and one outlet. Any slot is fine.',
  'Would you have room for us in the afternoon? We are family-friendly and quite loud in a good way.',
  'We would be honoured to play at your place, and we can lend chairs to the neighbours.',
];
const INVITATIONS = [
  'Your music would be perfect for our street. Would you play on our porch at {address}?',
  'We have an open slot at {address} and heard your set last year. Interested?',
  'Our porch at {address} has shade all afternoon and an outlet. Would you like the 3 o’clock slot?',
];

/** An e-mail address from a name: its letters without accents, first.last. */
const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@example.org`;

interface House {
  address: string;
  street: string;
  latitude: number;
  longitude: number;
}

/**
 * Porches along the town's streets: a house every 15 metres or so along a street, odd numbers on
 * the left and even on the right, counted from the street's start as North American towns count;
 * the pin 14 m off the street's middle on its side. Houses are picked far from corners, parks and
 * each other.
 */
function houses(count: number, random: ReturnType<typeof seededRandom>): House[] {
  const plan = StreetPlanSchema.parse(JSON.parse(readFileSync(fromRoot(STREET_PLAN_FILE), 'utf8')));
  const streets = plan.streets.map((s) => ({ name: s.name, points: s.points.map(toMetres) }));
  const parks = plan.parks.map((p) => p.points.map(toMetres));
  const insidePark = (x: number, y: number) =>
    parks.some((park) => {
      let inside = false;
      for (let i = 0, j = park.length - 1; i < park.length; j = i++) {
        const [xi, yi] = park[i]!;
        const [xj, yj] = park[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    });
  const distanceToSegment = (x: number, y: number, [ax, ay]: [number, number], [bx, by]: [number, number]) => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay));
  };
  const placed: House[] = [];
  const spots: [number, number][] = [];
  for (let tries = 0; placed.length < count && tries < 5000; tries++) {
    const street = streets[Math.floor(random.next() * streets.length)]!;
    const segment = Math.floor(random.next() * (street.points.length - 1));
    const [ax, ay] = street.points[segment]!;
    const [bx, by] = street.points[segment + 1]!;
    const length = Math.hypot(bx - ax, by - ay);
    const t = random.next();
    let before = 0;
    for (let i = 0; i < segment; i++)
      before += Math.hypot(
        street.points[i + 1]![0] - street.points[i]![0],
        street.points[i + 1]![1] - street.points[i]![1],
      );
    const side = random.next() < 0.5 ? 1 : -1; // 1: left of the direction of travel, odd numbers
    const x = ax + (bx - ax) * t - (side * 14 * (by - ay)) / length;
    const y = ay + (by - ay) * t + (side * 14 * (bx - ax)) / length;
    // Not on a corner (another street within 22 m), not in a park, not next door to another porch.
    const nearOther = streets.some(
      (other) =>
        other !== street && other.points.slice(1).some((p, i) => distanceToSegment(x, y, other.points[i]!, p) < 22),
    );
    if (nearOther || insidePark(x, y) || spots.some(([sx, sy]) => Math.hypot(sx - x, sy - y) < 45)) continue;
    const metres = before + length * t;
    const number = 2 * Math.round(metres / 15) + 10 + (side === 1 ? 1 : 2);
    const [latitude, longitude] = toLatLng(x, y);
    spots.push([x, y]);
    placed.push({ address: `${number} ${street.name}`, street: street.name, latitude, longitude });
  }
  return placed;
}

function actBio(act: (typeof ACTS)[number], index: number, street: string, rnd: ReturnType<typeof seededRandom>) {
  const [name, genre, size, lang] = act;
  const picture = index % 4 === 0 ? pictureHtml(rnd.pick(MOTIFS_BY_GENRE[genre]), index, `A drawing for ${name}`) : '';
  if (lang) return `${picture}${OWN_WORDS[lang]}`;
  const what =
    size === 'b' && genre !== 'kids'
      ? `${rnd.pick(['four-piece', 'five-piece', 'six-piece'])} ${WHAT[genre]}`
      : WHAT[genre];
  const about = [...ABOUT[genre]].sort(() => rnd.next() - 0.5).slice(0, 2 + rnd.int(0, 1));
  const closing = rnd.pick(CLOSINGS) + (rnd.next() < 0.3 ? rnd.pick(EMOJI) : '');
  const opening = rnd.pick(OPENINGS)(name, what, street);
  const body =
    rnd.next() < 0.25 ? `<ul>${about.map((s) => `<li>${s}</li>`).join('')}</ul>` : `<p>${about.join(' ')}</p>`;
  return `${picture}<p><strong>${opening}</strong></p>${body}<p>${closing}</p>`;
}

function porchBio(index: number, rnd: ReturnType<typeof seededRandom>) {
  const picture = index % 7 === 3 ? pictureHtml('porch', 100 + index, 'A drawing of our porch') : '';
  const extras = [...PORCH_EXTRAS].sort(() => rnd.next() - 0.5).slice(0, 1 + rnd.int(0, 1));
  return `${picture}<p>${PORCHES[(index * 5) % PORCHES.length]!} ${extras.join(' ')}</p>`;
}

export interface DemoFestival {
  host: { email: string; password: string };
  performer: { email: string; password: string };
}

const client = loopbackClient({ maxSockets: 16, errorPrefix: 'Demo: ' });
const IdSchema = z.object({ id: z.number() });

/**
 * Fills the festival at baseUrl through its API and returns a host's and a performer's sign-in.
 * Prints what it made to `log`.
 */
export async function fillDemoFestival(baseUrl: string, log: (line: string) => void): Promise<DemoFestival> {
  const rnd = seededRandom(2026);
  // People: two sign-ups at a time (each is an argon2 hash on the server), fifteen from each
  // loopback address (the server allows twenty an hour per address).
  const people = await inParallel(PEOPLE, 2, async (name, i) => {
    const role = i < HOSTS ? ('host' as const) : ('performer' as const);
    const session = SessionUserSchema.parse(
      await client.send(201, baseUrl, 'POST', '/v1/auth/signup', {
        body: { name, email: emailOf(name), password: DEMO_PASSWORD, roles: [role] },
        from: `127.0.0.${10 + Math.floor(i / 15)}`,
      }),
    );
    return { name, email: emailOf(name), token: session.jwt_token, role };
  });
  const hosts = people.filter((p) => p.role === 'host');
  const performers = people.filter((p) => p.role === 'performer');

  // Every body is written before any is sent, so the seeded sequence gives the same festival
  // whatever order the answers come back in.
  const town = streetPlan().streets;
  const streets = town.filter((street) => street.kind !== 'avenue').map((street) => street.name);
  const actBodies = ACTS.map((act, a) => {
    const [name, genre, size] = act;
    const slot = SLOT_DEFS[a % 4]!;
    return {
      name,
      // Its home street: the one in its name ("Storytellers of Cedar Road"), or one of the town's.
      bio: actBio(act, a, town.find((street) => name.includes(street.name))?.name ?? rnd.pick(streets), rnd),
      type: genre,
      rain_date_available: rnd.next() < 0.6,
      preferred_slots: [...new Set([slot, rnd.pick(SLOT_DEFS)])],
      size: size === 's' ? ('one_to_three' as const) : ('four_plus' as const),
      sound_system: rnd.pick(['bring_own', 'avail_others', 'dont_need', 'need_to_borrow'] as const),
      venue_pref: null,
    };
  });
  // Porches: act a plays in slot a % 4 at porch floor(a / 2), so two acts share a porch in two slots;
  // the porch's genres are those of its acts and one more.
  const places = houses(VENUES, rnd);
  const venueBodies = places.map((house, v): CreateVenueInput => {
    const theirs = ACTS.slice(2 * v, Math.min(2 * v + 2, SETS)).map((act) => act[1]);
    return {
      address: house.address,
      bio: porchBio(v, rnd),
      rain_date_available: rnd.next() < 0.6,
      preferred_act_types: [...new Set([...theirs, ACTS[(v * 7) % ACTS.length]![1]])],
      size_pref: rnd.pick(['one_to_three', 'four_plus', 'any'] as const),
      provide_electric: rnd.pick(['yes', 'yes', 'no'] as const),
      provide_sound_system: rnd.pick(['yes', 'no', 'no'] as const),
      available_slots: SLOT_DEFS.map((slot_def) => ({ slot_def })),
      latitude: house.latitude,
      longitude: house.longitude,
      step_free: rnd.next() < 0.5,
      seating: rnd.next() < 0.6,
      shade: rnd.next() < 0.5,
      restroom_nearby: rnd.next() < 0.3,
      accessibility_note: '',
    };
  });

  // Acts: four to a performer, so no performer plays two places at once (their acts take different slots).
  const acts = await inParallel(actBodies, 6, async (body, a) => {
    const owner = performers[Math.floor(a / 4) % performers.length]!;
    const created = ActSchema.parse(await client.send(201, baseUrl, 'POST', '/v1/acts', { body, token: owner.token }));
    return { id: created.id, slot: SLOT_DEFS[a % 4]! };
  });
  log(`  ${performers.length} performers added ${acts.length} acts`);

  const venues = await inParallel(venueBodies, 6, async (body, v) => {
    const owner = hosts[v % hosts.length]!;
    const venue = VenueSchema.parse(
      await client.send(201, baseUrl, 'POST', '/v1/venues', { body, token: owner.token }),
    );
    const theirs = acts.slice(2 * v, Math.min(2 * v + 2, SETS));
    return { id: venue.id, address: venue.address, owner, acts: theirs };
  });
  log(
    `  ${hosts.length} hosts added ${venues.length} porches along ${new Set(places.map((p) => p.street)).size} streets`,
  );

  // The schedule: each porch's host puts its acts in their slots; the last acts look for a host.
  await inParallel(venues, 6, async (venue) => {
    if (!venue.acts.length) return;
    const body: UpdateVenueSlotsInput = {
      available_slots: SLOT_DEFS.map((slot_def: SlotDef) => ({
        slot_def,
        scheduled_act_id: venue.acts.find((a) => a.slot === slot_def)?.id ?? null,
      })),
    };
    await client.send(200, baseUrl, 'PATCH', `/v1/venues/${venue.id}`, { body, token: venue.owner.token });
  });
  log(`  ${SETS} sets scheduled, ${acts.length - SETS} acts still looking for a porch`);

  // Messages: performers asking porches, hosts inviting acts still looking for one.
  for (let i = 0; i < 12; i++) {
    const performer = performers[i % performers.length]!;
    const venue = venues[(i * 5) % venues.length]!;
    const message = `<p>${MESSAGES[i % MESSAGES.length]!}</p>`;
    IdSchema.parse(
      await client.send(201, baseUrl, 'POST', '/v1/comments', {
        body: { message, entity_id: venue.id, entity_type: 'venue' },
        token: performer.token,
      }),
    );
    const host = hosts[i % hosts.length]!;
    const act = acts[acts.length - 1 - (i % (acts.length - SETS))]!;
    const invitation = `<p>${INVITATIONS[i % INVITATIONS.length]!.replace('{address}', venues[i]!.address)}</p>`;
    IdSchema.parse(
      await client.send(201, baseUrl, 'POST', '/v1/comments', {
        body: { message: invitation, entity_id: act.id, entity_type: 'act' },
        token: host.token,
      }),
    );
  }
  client.close();
  const host = hosts[0]!;
  const performer = performers[0]!;
  return {
    host: { email: host.email, password: DEMO_PASSWORD },
    performer: { email: performer.email, password: DEMO_PASSWORD },
  };
}
