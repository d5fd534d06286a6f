import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesIfNoneMatch } from '../lib/conditional.js';
import { parseOrThrow, readJsonFile } from '../lib/json-file.js';

/**
 * Map tiles drawn by the server from a street plan (docs/decisions/0057-a-demo-town-with-its-own-
 * street-plan.md): a JSON file of named streets as lines of [latitude, longitude], parks as areas
 * and water as lines, turned into web-Mercator slippy tiles at GET /tiles/{z}/{x}/{y}.svg. A map
 * that shows streets with no tile server (the demo, a machine offline); a real edition's map uses
 * real tiles. Each tile is an SVG of a few kilobytes, drawn once and kept in memory.
 */

const LatLng = z.tuple([z.number().min(-85).max(85), z.number().min(-180).max(180)]);
const Line = z.array(LatLng).min(2);

export const StreetPlanSchema = z.object({
  name: z.string().min(1),
  streets: z
    .array(
      z.object({
        name: z.string().min(1),
        /** Drawn widest first: an avenue is a main road, a lane a short or narrow one. */
        kind: z.enum(['avenue', 'street', 'lane']),
        points: Line,
      }),
    )
    .min(1),
  parks: z.array(z.object({ name: z.string().min(1), points: z.array(LatLng).min(3) })).default([]),
  water: z.array(z.object({ name: z.string().min(1), points: Line })).default([]),
});
export type StreetPlan = z.infer<typeof StreetPlanSchema>;

/** Reads and checks a street plan (STREET_PLAN, relative to the project); a bad file stops the start, naming why. */
export function loadStreetPlan(path: string): StreetPlan {
  const { file, json } = readJsonFile(path, 'Street plan');
  return parseOrThrow(StreetPlanSchema, json, `street plan ${file}`);
}

/** The deepest zoom drawn (Leaflet's maxZoom in web/features/map is 19). */
export const MAX_TILE_ZOOM = 19;
const TILE = 256;
/** Tiles keep for a week; the plan's hash in the ETag makes a changed plan's tiles new. */
const CACHE_CONTROL = 'public, max-age=604800';
/** Drawn tiles kept; beyond it the oldest go (a town at every zoom is a few thousand). */
const CACHE_LIMIT = 4000;

const COLOURS = {
  land: '#f2efe9',
  park: '#cdebb0',
  parkEdge: '#aed69a',
  parkLabel: '#3b6e22',
  water: '#aad3df',
  casing: '#c9c1b3',
  avenueCasing: '#d6a94a',
  avenue: '#fcd68a',
  street: '#ffffff',
  label: '#3a3a3a',
};
/** Roughly how wide each kind is on the ground, in metres. */
const WIDTH_M = { avenue: 15, street: 10, lane: 7 } as const;
const WATER_WIDTH_M = 9;
/** From which zoom a kind's name is written. */
const LABEL_FROM = { avenue: 15, street: 16, lane: 17 } as const;

type Point = readonly [number, number];

/** A point in web-Mercator's unit square (0..1 across the world), as tiles are cut from it. */
type Unit = [number, number];

function toUnit([lat, lng]: [number, number]): Unit {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

interface Shape {
  name: string;
  points: Unit[];
  /** [minX, minY, maxX, maxY] in unit coordinates. */
  box: [number, number, number, number];
}

function shape(name: string, points: [number, number][]): Shape {
  const unit = points.map(toUnit);
  const xs = unit.map((p) => p[0]);
  const ys = unit.map((p) => p[1]);
  return { name, points: unit, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

interface Label {
  text: string;
  /** Centre in world pixels at the label's zoom, and the half-length along its angle. */
  x: number;
  y: number;
  half: number;
  angle: number;
  size: number;
  park: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The drawing of one plan: tiles by z/x/y, kept once drawn. Pure (no I/O), so a test or a bench
 * can draw tiles without a server.
 */
export class StreetTiles {
  readonly hash: string;
  private readonly streets: (Shape & { kind: 'avenue' | 'street' | 'lane' })[];
  private readonly parks: Shape[];
  private readonly water: Shape[];
  /** Every shape's box: a tile outside it is the same empty tile. */
  private readonly box: [number, number, number, number];
  /** Metres on the ground per unit of the square, at the plan's latitude. */
  private readonly metresPerUnit: number;
  private readonly drawn = new Map<string, string>();
  private readonly labels = new Map<number, Label[]>();
  readonly empty = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 0 ${TILE} ${TILE}"><rect width="${TILE}" height="${TILE}" fill="${COLOURS.land}"/></svg>`;

  constructor(plan: StreetPlan) {
    this.hash = createHash('sha256').update(JSON.stringify(plan)).digest('base64url').slice(0, 12);
    this.streets = plan.streets.map((s) => ({ ...shape(s.name, s.points), kind: s.kind }));
    this.parks = plan.parks.map((p) => shape(p.name, p.points));
    this.water = plan.water.map((w) => shape(w.name, w.points));
    const all = [...this.streets, ...this.parks, ...this.water];
    this.box = [
      Math.min(...all.map((s) => s.box[0])),
      Math.min(...all.map((s) => s.box[1])),
      Math.max(...all.map((s) => s.box[2])),
      Math.max(...all.map((s) => s.box[3])),
    ];
    const latitude = plan.streets[0]!.points[0]![0];
    this.metresPerUnit = 40_075_016.686 * Math.cos((latitude * Math.PI) / 180);
  }

  /** The SVG of tile z/x/y (z at most MAX_TILE_ZOOM, x and y inside the zoom's grid). */
  tile(z: number, x: number, y: number): string {
    const scale = TILE * 2 ** z;
    // A margin of the widest line and the longest label, so what crosses an edge is drawn on both sides.
    const margin = 400 / scale;
    const [minX, minY, maxX, maxY] = this.box;
    if ((x + 1) / 2 ** z < minX - margin || x / 2 ** z > maxX + margin) return this.empty;
    if ((y + 1) / 2 ** z < minY - margin || y / 2 ** z > maxY + margin) return this.empty;
    const key = `${z}/${x}/${y}`;
    const cached = this.drawn.get(key);
    if (cached !== undefined) return cached;
    const svg = this.draw(z, x, y);
    if (this.drawn.size >= CACHE_LIMIT) this.drawn.delete(this.drawn.keys().next().value!);
    this.drawn.set(key, svg);
    return svg;
  }

  private draw(z: number, tx: number, ty: number): string {
    const scale = TILE * 2 ** z;
    const ox = tx * TILE;
    const oy = ty * TILE;
    const pxPerMetre = scale / this.metresPerUnit;
    const width = (metres: number) => Math.max(0.8, metres * pxPerMetre);
    const near = (s: Shape, pad: number) =>
      s.box[0] * scale - pad < ox + TILE &&
      s.box[2] * scale + pad > ox &&
      s.box[1] * scale - pad < oy + TILE &&
      s.box[3] * scale + pad > oy;
    const path = (s: Shape, close = false) =>
      s.points.map((p, i) => `${i ? 'L' : 'M'}${n(p[0] * scale - ox)} ${n(p[1] * scale - oy)}`).join('') +
      (close ? 'Z' : '');

    const parts: string[] = [`<rect width="${TILE}" height="${TILE}" fill="${COLOURS.land}"/>`];
    const parks = this.parks.filter((p) => near(p, 2));
    if (parks.length)
      parts.push(
        `<path d="${parks.map((p) => path(p, true)).join('')}" fill="${COLOURS.park}" stroke="${COLOURS.parkEdge}"/>`,
      );
    const waterWidth = width(WATER_WIDTH_M);
    for (const w of this.water.filter((s) => near(s, waterWidth)))
      parts.push(
        `<path d="${path(w)}" fill="none" stroke="${COLOURS.water}" stroke-width="${n(waterWidth)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    // Casings under every fill, so crossings join; avenues' fills last, over the streets they cross.
    const casing = z >= 14 ? 2 : 0;
    for (const pass of ['casing', 'fill'] as const) {
      for (const kind of ['lane', 'street', 'avenue'] as const) {
        const lines = this.streets.filter((s) => s.kind === kind && near(s, width(WIDTH_M[kind]) + casing));
        if (!lines.length || (pass === 'casing' && !casing)) continue;
        const stroke =
          pass === 'fill'
            ? kind === 'avenue'
              ? COLOURS.avenue
              : COLOURS.street
            : kind === 'avenue'
              ? COLOURS.avenueCasing
              : COLOURS.casing;
        const strokeWidth = width(WIDTH_M[kind]) + (pass === 'casing' ? casing : 0);
        parts.push(
          `<path d="${lines.map((s) => path(s)).join('')}" fill="none" stroke="${stroke}" stroke-width="${n(strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
      }
    }
    for (const label of this.labelsAt(z)) {
      const x = label.x - ox;
      const y = label.y - oy;
      if (x + label.half < 0 || x - label.half > TILE || y + label.half < 0 || y - label.half > TILE) continue;
      const style = label.park
        ? `fill="${COLOURS.parkLabel}" font-style="italic"`
        : `fill="${COLOURS.label}" stroke="${COLOURS.street}" stroke-width="3" paint-order="stroke"`;
      parts.push(
        `<text transform="translate(${n(x)} ${n(y)}) rotate(${n(label.angle)})" text-anchor="middle" dy=".35em" font-family="sans-serif" font-size="${label.size}" ${style}>${escapeXml(label.text)}</text>`,
      );
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 0 ${TILE} ${TILE}">${parts.join('')}</svg>`;
  }

  /** Whether a name written from a to b (world pixels at `scale`) would lie across another street's avenue. */
  private crossesAvenue(street: Shape, a: Point, b: Point, scale: number): boolean {
    return this.streets.some(
      (other) =>
        other !== street &&
        other.kind === 'avenue' &&
        other.points
          .slice(1)
          .some((p, i) =>
            crosses(a, b, [other.points[i]![0] * scale, other.points[i]![1] * scale], [p[0] * scale, p[1] * scale]),
          ),
    );
  }

  /**
   * Where names are written at zoom z, in world pixels, the same for every tile (so a name cut by
   * a tile's edge goes on in the next one): along a street every few hundred pixels where the
   * street runs straight for the name's length, and in the middle of a park.
   */
  private labelsAt(z: number): Label[] {
    const known = this.labels.get(z);
    if (known) return known;
    const scale = TILE * 2 ** z;
    const size = Math.min(14, z - 4);
    const labels: Label[] = [];
    if (z >= 16)
      for (const park of this.parks) {
        const cx = park.points.reduce((sum, p) => sum + p[0], 0) / park.points.length;
        const cy = park.points.reduce((sum, p) => sum + p[1], 0) / park.points.length;
        const half = (park.name.length * size * 0.3) | 0;
        if ((park.box[2] - park.box[0]) * scale > half * 2.4)
          labels.push({ text: park.name, x: cx * scale, y: cy * scale, half, angle: 0, size, park: true });
      }
    // Avenues' names first: where two names would overlap, the first one stays.
    const byRank = ['avenue', 'street', 'lane'].flatMap((kind) => this.streets.filter((s) => s.kind === kind));
    for (const street of byRank) {
      if (z < LABEL_FROM[street.kind]) continue;
      const points = street.points.map(([px, py]) => [px * scale, py * scale] as const);
      const lengths = [0];
      for (let i = 1; i < points.length; i++)
        lengths.push(
          lengths[i - 1]! + Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]),
        );
      const total = lengths[lengths.length - 1]!;
      const half = street.name.length * size * 0.3 + 4;
      const at = (s: number): [number, number] => {
        let i = 1;
        while (i < lengths.length - 1 && lengths[i]! < s) i++;
        const [ax, ay] = points[i - 1]!;
        const [bx, by] = points[i]!;
        const t = (s - lengths[i - 1]!) / (lengths[i]! - lengths[i - 1]! || 1);
        return [ax + (bx - ax) * t, ay + (by - ay) * t];
      };
      const every = Math.max(half * 5, 420);
      // A name fits at s when the street runs straight under it and no avenue crosses it.
      const fits = (s: number): Label | null => {
        if (s < half || s + half > total) return null;
        const [ax, ay] = at(s - half);
        const [bx, by] = at(s + half);
        // Straight enough: no corner between the ends strays from the chord by more than a third of the type.
        const chord = Math.hypot(bx - ax, by - ay);
        const bends = points.some(
          ([px, py], i) =>
            lengths[i]! > s - half &&
            lengths[i]! < s + half &&
            Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / chord > size / 3,
        );
        if (bends || chord < half * 1.8 || this.crossesAvenue(street, [ax, ay], [bx, by], scale)) return null;
        let angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
        if (angle > 90) angle -= 180;
        if (angle < -90) angle += 180;
        return { text: street.name, x: (ax + bx) / 2, y: (ay + by) / 2, half, angle, size, park: false };
      };
      // Every `every` pixels, or the nearest place to it that fits, up to a quarter of the way to the next.
      for (let s = Math.min(total / 2, every / 2); s - every / 4 <= total; s += every) {
        for (let shift = 0; shift <= every / 4; shift += 16) {
          const label = fits(s + shift) ?? (shift ? fits(s - shift) : null);
          if (label) {
            labels.push(label);
            break;
          }
        }
      }
    }
    const placed = withoutOverlaps(labels);
    this.labels.set(z, placed);
    return placed;
  }
}

/** The labels in order, less any whose box meets an earlier one's. */
function withoutOverlaps(labels: Label[]): Label[] {
  const boxes: [number, number, number, number][] = [];
  return labels.filter((label) => {
    const a = (label.angle * Math.PI) / 180;
    const high = label.size * 0.7;
    const w = Math.abs(Math.cos(a)) * label.half + Math.abs(Math.sin(a)) * high;
    const h = Math.abs(Math.sin(a)) * label.half + Math.abs(Math.cos(a)) * high;
    const box: [number, number, number, number] = [label.x - w, label.y - h, label.x + w, label.y + h];
    if (boxes.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) return false;
    boxes.push(box);
    return true;
  });
}

/** Whether segments ab and cd cross. */
function crosses(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b);
}

const TileParamsSchema = z
  .object({
    z: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(MAX_TILE_ZOOM, `must be at most ${MAX_TILE_ZOOM}`),
    x: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
    y: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
  })
  .superRefine((p, ctx) => {
    for (const field of ['x', 'y'] as const)
      if (p[field] >= 2 ** p.z)
        ctx.addIssue({ code: 'custom', path: [field], message: `must be below ${2 ** p.z} at zoom ${p.z}` });
  });

/** GET /tiles/{z}/{x}/{y}.svg: the plan's tiles (only registered when a plan is configured). */
export function serveStreetTiles(app: FastifyInstance, plan: StreetPlan): void {
  const tiles = new StreetTiles(plan);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/tiles/:z/:x/:y.svg', { schema: { hide: true, params: TileParamsSchema } }, (request, reply) => {
      const { z: zoom, x, y } = request.params;
      const etag = `${tiles.hash}-${zoom}-${x}-${y}`;
      reply.header('cache-control', CACHE_CONTROL).header('etag', `"${etag}"`);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      return reply.type('image/svg+xml').send(tiles.tile(zoom, x, y));
    });
}
