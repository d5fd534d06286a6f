/**
 * Linden Falls, the demo's invented town (docs/decisions/0057-a-demo-town-with-its-own-street-plan.md):
 * about twenty streets laid out in metres around its centre, a grid with an old diagonal road, a
 * drive that follows the creek and a crescent round a park, written as the street plan the server
 * draws map tiles from (scripts/demo/street-plan.json, STREET_PLAN) and the demo places porches on.
 *
 *   npx tsx scripts/demo/town.ts      # rewrites scripts/demo/street-plan.json
 *
 * Deterministic: the same script always writes the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../../server/lib/paths.js';
import type { StreetPlan } from '../../server/web/street-tiles.js';

/** Somewhere in upstate New York with no town of its own: nobody's real street is drawn here. */
export const CENTER = { latitude: 42.8712, longitude: -76.3905 };
export const TOWN = 'Linden Falls, NY';
const METRES_PER_DEGREE = 111_320;
const lngScale = METRES_PER_DEGREE * Math.cos((CENTER.latitude * Math.PI) / 180);

/** Metres east and north of the centre to [latitude, longitude]. */
export function toLatLng(x: number, y: number): [number, number] {
  return [
    Number((CENTER.latitude + y / METRES_PER_DEGREE).toFixed(6)),
    Number((CENTER.longitude + x / lngScale).toFixed(6)),
  ];
}

/** [latitude, longitude] to metres east and north of the centre. */
export function toMetres([lat, lng]: [number, number]): [number, number] {
  return [(lng - CENTER.longitude) * lngScale, (lat - CENTER.latitude) * METRES_PER_DEGREE];
}

type Kind = 'avenue' | 'street' | 'lane';
type Xy = [number, number];

/** The creek's course, and the drive beside it: gentle bends along the south edge. */
const creekY = (x: number) => -585 + 38 * Math.sin(x / 170) + 14 * Math.sin(x / 61);
const along = (from: number, to: number, step: number, y: (x: number) => number): Xy[] => {
  const points: Xy[] = [];
  for (let x = from; x <= to; x += step) points.push([x, y(x)]);
  return points;
};
const arc = (cx: number, cy: number, r: number, from: number, to: number, steps: number): Xy[] =>
  Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Xy;
  });

/** West to east at y, or south to north at x. */
const eastWest = (y: number, from: number, to: number): Xy[] => [
  [from, y],
  [to, y],
];
const southNorth = (x: number, from: number, to: number): Xy[] => [
  [x, from],
  [x, to],
];

const STREETS: { name: string; kind: Kind; points: Xy[] }[] = [
  // East-west, north to south.
  { name: 'Hillcrest Avenue', kind: 'street', points: eastWest(430, -660, 255) },
  { name: 'Maple Street', kind: 'street', points: eastWest(310, -660, 640) },
  { name: 'Cedar Road', kind: 'street', points: eastWest(190, -660, 640) },
  { name: 'Elm Street', kind: 'street', points: eastWest(70, -660, 640) },
  { name: 'Main Street', kind: 'avenue', points: eastWest(-55, -720, 720) },
  { name: 'Chestnut Street', kind: 'street', points: eastWest(-180, -660, 640) },
  { name: 'Walnut Street', kind: 'street', points: eastWest(-300, -660, 640) },
  { name: 'Linden Avenue', kind: 'street', points: eastWest(-420, -660, 640) },
  // South to north, west to east.
  { name: 'Orchard Avenue', kind: 'street', points: southNorth(-620, -420, 430) },
  {
    name: 'Mill Street',
    kind: 'street',
    points: [
      [-445, creekY(-445) + 32],
      [-445, 430],
    ],
  },
  { name: 'School Street', kind: 'street', points: southNorth(-270, -420, 430) },
  { name: 'Church Street', kind: 'street', points: southNorth(-95, -420, 430) },
  { name: 'Union Street', kind: 'street', points: southNorth(80, -420, 310) },
  {
    name: 'Prospect Avenue',
    kind: 'avenue',
    points: [
      [255, creekY(255) + 32],
      [255, 520],
    ],
  },
  { name: 'Pine Street', kind: 'street', points: southNorth(430, -420, 310) },
  { name: 'Garden Street', kind: 'street', points: southNorth(600, -420, 310) },
  // The old road to the mill, older than the grid; the drive along the creek; the crescent.
  {
    name: 'Old Post Road',
    kind: 'avenue',
    points: [
      [-720, creekY(-720) + 32],
      [-430, -300],
      [-100, -40],
      [160, 170],
      [255, 262],
    ],
  },
  { name: 'Riverside Drive', kind: 'street', points: along(-700, 700, 35, (x) => creekY(x) + 32) },
  { name: 'Crescent Lane', kind: 'lane', points: arc(430, 310, 150, 0, 180, 14) },
  { name: 'Beech Court', kind: 'lane', points: eastWest(-240, 430, 560) },
];

const PARKS: { name: string; points: Xy[] }[] = [
  {
    name: 'Town Green',
    points: [
      [-262, 78],
      [-103, 78],
      [-103, 182],
      [-262, 182],
    ],
  },
  // Inside the crescent, north of Maple Street.
  { name: 'Juniper Park', points: [...arc(430, 318, 136, 0, 180, 12)] },
  // Between Mill Street and School Street, from Linden Avenue down to the drive.
  {
    name: 'Riverside Park',
    points: [[-437, -428], [-278, -428], ...along(-437, -278, 20, (x) => creekY(x) + 42).reverse()],
  },
];

export function streetPlan(): StreetPlan {
  const line = (points: Xy[]) => points.map(([x, y]) => toLatLng(x, y));
  return {
    name: `${TOWN} (demo data)`,
    streets: STREETS.map((s) => ({ name: s.name, kind: s.kind, points: line(s.points) })),
    parks: PARKS.map((p) => ({ name: p.name, points: line(p.points) })),
    water: [{ name: 'Mill Creek', points: line(along(-760, 760, 30, creekY)) }],
  };
}

export const STREET_PLAN_FILE = 'scripts/demo/street-plan.json';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const plan = streetPlan();
  // As Prettier writes it, so `npm run format` leaves the file as it is.
  const { format } = await import('prettier');
  writeFileSync(fromRoot(STREET_PLAN_FILE), await format(JSON.stringify(plan), { parser: 'json' }));
  console.log(`${STREET_PLAN_FILE}: ${plan.streets.length} streets, ${plan.parks.length} parks`);
}
