/**
 * The demo's pictures (docs/decisions/0057): small flat illustrations, as a band or a host would
 * put a poster or a photo of their porch in a bio: a porch with string lights, a guitar on a
 * poster, a record, a drum, a horn, sheet-music notes, hills at sunset. PNG, because a festival
 * page shows no SVG (docs/decisions/0046); drawn here with 2x2 supersampling and written with
 * node:zlib (test/support/png.ts), as scripts/draw-icons.ts draws the icons. Deterministic: the
 * same motif, palette and seed give the same bytes.
 */
import type { Genre } from '../../contract/enums.js';
import { encodePng } from '../../test/support/png.js';
import { seededRandom } from '../../test/support/seeded-random.js';

export const PICTURE_WIDTH = 360;
export const PICTURE_HEIGHT = 240;
const SS = 2; // samples per pixel side (png() averages 2x2)

type Rgb = [number, number, number];
const hex = (value: string): Rgb => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;

/** The stretches [x0, x1) of a row at height y that a shape covers, in picture units. */
type Spans = (y: number) => [number, number][];

/** A canvas in picture units (360x240), painted in order, each shape over the last, a row at a time. */
class Canvas {
  private readonly w = PICTURE_WIDTH * SS;
  private readonly h = PICTURE_HEIGHT * SS;
  private readonly rgb = new Uint8Array(this.w * this.h * 3);

  /** Paints the samples whose centres fall in the shape's spans, for rows from top to bottom. */
  private paint(top: number, bottom: number, colour: string, spans: Spans) {
    const [r, g, b] = hex(colour);
    for (let sy = Math.max(0, Math.floor(top * SS)); sy < Math.min(this.h, Math.ceil(bottom * SS)); sy++) {
      for (const [from, to] of spans((sy + 0.5) / SS)) {
        const x0 = Math.max(0, Math.ceil(from * SS - 0.5));
        const x1 = Math.min(this.w, Math.ceil(to * SS - 0.5));
        for (let i = (sy * this.w + x0) * 3, end = (sy * this.w + x1) * 3; i < end; i += 3) {
          this.rgb[i] = r;
          this.rgb[i + 1] = g;
          this.rgb[i + 2] = b;
        }
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, colour: string) {
    this.paint(y, y + h, colour, () => [[x, x + w]]);
  }

  /** An ellipse, turned by `deg` degrees about its centre: each row solves its equation for x. */
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: string, deg = 0) {
    const a = (deg * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const A = cos ** 2 / rx ** 2 + sin ** 2 / ry ** 2;
    const r = Math.max(rx, ry);
    this.paint(cy - r, cy + r, colour, (y) => {
      const dy = y - cy;
      const B = 2 * dy * cos * sin * (1 / rx ** 2 - 1 / ry ** 2);
      const C = dy ** 2 * (sin ** 2 / rx ** 2 + cos ** 2 / ry ** 2) - 1;
      const d = B * B - 4 * A * C;
      if (d < 0) return [];
      const root = Math.sqrt(d);
      return [[cx + (-B - root) / (2 * A), cx + (-B + root) / (2 * A)]];
    });
  }

  circle(cx: number, cy: number, r: number, colour: string) {
    this.ellipse(cx, cy, r, r, colour);
  }

  /** Rings `width` wide every `every` from radius `inner` to `outer` (one ring when every >= outer - inner). */
  rings(cx: number, cy: number, inner: number, outer: number, width: number, colour: string, every = outer) {
    const half = (r: number, dy: number) => Math.sqrt(Math.max(0, r * r - dy * dy));
    for (let r0 = inner; r0 < outer; r0 += every) {
      const r1 = Math.min(outer, r0 + width);
      this.paint(cy - r1, cy + r1, colour, (y) => {
        const dy = y - cy;
        if (Math.abs(dy) > r1) return [];
        const o = half(r1, dy);
        if (Math.abs(dy) >= r0) return [[cx - o, cx + o]];
        const i = half(r0, dy);
        return [
          [cx - o, cx - i],
          [cx + i, cx + o],
        ];
      });
    }
  }

  /** Diagonal bands across the whole picture: `width` of every `every` along x + y * slope. */
  bands(slope: number, every: number, width: number, offset: number, colour: string) {
    this.paint(0, PICTURE_HEIGHT, colour, (y) => {
      const spans: [number, number][] = [];
      const shift = (((y * slope + offset) % every) + every) % every;
      for (let x = -shift; x < PICTURE_WIDTH; x += every) spans.push([x, x + width]);
      return spans;
    });
  }

  /** Any polygon (even-odd): each row's crossings of its edges, paired. */
  polygon(points: [number, number][], colour: string) {
    const ys = points.map((p) => p[1]);
    this.paint(Math.min(...ys), Math.max(...ys), colour, (y) => {
      const xs: number[] = [];
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
      }
      xs.sort((p, q) => p - q);
      const spans: [number, number][] = [];
      for (let k = 0; k + 1 < xs.length; k += 2) spans.push([xs[k]!, xs[k + 1]!]);
      return spans;
    });
  }

  /** A straight stroke of width w with square ends. */
  line(x1: number, y1: number, x2: number, y2: number, w: number, colour: string) {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = (-(y2 - y1) / len) * (w / 2);
    const ny = ((x2 - x1) / len) * (w / 2);
    this.polygon(
      [
        [x1 + nx, y1 + ny],
        [x2 + nx, y2 + ny],
        [x2 - nx, y2 - ny],
        [x1 - nx, y1 - ny],
      ],
      colour,
    );
  }

  /** The picture: each pixel the mean of its samples, as PNG scanlines with the Sub filter. */
  png(): Buffer {
    const W = PICTURE_WIDTH;
    const rows = Buffer.alloc(PICTURE_HEIGHT * (1 + W * 3));
    const s = this.rgb;
    const stride = this.w * 3;
    for (let y = 0; y < PICTURE_HEIGHT; y++) {
      const row = y * (1 + W * 3);
      rows[row] = 1; // Sub: each byte as the difference from the pixel to its left
      const top = y * SS * stride;
      for (let x = 0; x < W; x++) {
        for (let c = 0; c < 3; c++) {
          const i = top + x * SS * 3 + c;
          const value = (s[i]! + s[i + 3]! + s[i + stride]! + s[i + stride + 3]! + 2) >> 2;
          const left = x ? (s[i - 6]! + s[i - 3]! + s[i - 6 + stride]! + s[i - 3 + stride]! + 2) >> 2 : 0;
          rows[row + 1 + x * 3 + c] = (value - left + 256) & 0xff;
        }
      }
    }
    return encodePng(W, PICTURE_HEIGHT, rows);
  }
}

interface Palette {
  sky: string;
  ground: string;
  accent: string;
  second: string;
  dark: string;
  light: string;
}

const PALETTES: Palette[] = [
  { sky: '#9fc5e8', ground: '#93c47d', accent: '#e69138', second: '#cc4125', dark: '#3d2b1f', light: '#fff2cc' },
  { sky: '#f9cb9c', ground: '#6aa84f', accent: '#674ea7', second: '#f1c232', dark: '#20124d', light: '#fffbea' },
  { sky: '#20124d', ground: '#274e13', accent: '#f1c232', second: '#e06666', dark: '#0c0c1e', light: '#fff2cc' },
  { sky: '#d9ead3', ground: '#b6d7a8', accent: '#0b5394', second: '#e69138', dark: '#1c2833', light: '#ffffff' },
  { sky: '#f4cccc', ground: '#a4c2f4', accent: '#a61c00', second: '#134f5c', dark: '#2b1d14', light: '#fff8e7' },
  { sky: '#fff2cc', ground: '#f6b26b', accent: '#3c78d8', second: '#cc0000', dark: '#222222', light: '#ffffff' },
  { sky: '#c9daf8', ground: '#45818e', accent: '#ff9900', second: '#741b47', dark: '#102a43', light: '#fdf3c4' },
  { sky: '#ead1dc', ground: '#8e7cc3', accent: '#38761d', second: '#f1c232', dark: '#351c75', light: '#fffaf0' },
];

export type Motif = 'porch' | 'guitar' | 'record' | 'drum' | 'horn' | 'notes' | 'hills';

type Random = ReturnType<typeof seededRandom>;

function porch(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.sky);
  c.circle(rnd.int(40, 320), rnd.int(24, 50), 18, p.light);
  c.rect(0, 188, 360, 52, p.ground);
  // A tree each side.
  for (const x of [34, 330]) {
    c.rect(x - 4, 140, 8, 52, '#5b3a1e');
    c.circle(x, 122, 26, '#38761d');
    c.circle(x - 16, 138, 18, '#6aa84f');
  }
  const wall = rnd.pick(['#ffe599', '#f3f3f3', '#b6d7a8', '#9fc5e8', '#ea9999', '#d5a6bd']);
  c.polygon(
    [
      [80, 84],
      [180, 30],
      [280, 84],
    ],
    p.second,
  );
  c.rect(92, 82, 176, 108, wall);
  c.rect(108, 96, 26, 26, p.light);
  c.rect(226, 96, 26, 26, p.light);
  c.rect(164, 132, 32, 58, p.dark);
  c.rect(82, 124, 196, 8, p.second);
  for (const x of [90, 150, 206, 266]) c.rect(x, 132, 5, 56, '#ffffff');
  c.rect(82, 186, 196, 8, '#ffffff');
  c.rect(158, 194, 44, 6, '#b9b2a6');
  // String lights along the porch roof.
  const bulbs = [p.accent, '#ffd966', p.light, '#a4c2f4'];
  for (let i = 0; i <= 14; i++) {
    const x = 86 + 188 * (i / 14);
    c.circle(x, 138 + Math.sin((i / 14) * Math.PI * 2) * 4, 2.6, bulbs[i % bulbs.length]!);
  }
  // Someone playing on the porch, sometimes two.
  for (let i = 0; i < rnd.int(1, 2); i++) {
    const x = 118 + i * 110;
    c.ellipse(x, 164, 9, 14, rnd.pick(['#3c78d8', '#cc4125', '#6aa84f', '#674ea7']));
    c.circle(x, 144, 7, rnd.pick(['#8d5524', '#f1c27d', '#c68642', '#ffdbac']));
    c.ellipse(x + 6, 170, 8, 6, '#b45f06', -20);
    c.line(x + 8, 167, x + 26, 156, 2.5, '#3d2b1f');
  }
}

function guitar(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.sky);
  // Poster stripes and a big sun behind the guitar.
  for (let i = 0; i < 6; i++) c.rect(0, 150 + i * 16, 360, 8, i % 2 ? p.ground : p.light);
  c.circle(180, 110, 88, p.light);
  c.circle(180, 110, 70, p.accent);
  const tilt = rnd.int(-35, 35);
  const a = ((tilt - 90) * Math.PI) / 180;
  const along = (d: number): [number, number] => [180 + Math.cos(a) * d, 150 + Math.sin(a) * d];
  const body = rnd.pick([p.second, '#b45f06', '#cc0000', '#222222']);
  c.ellipse(...along(0), 38, 44, body, tilt);
  c.ellipse(...along(46), 30, 32, body, tilt);
  c.circle(...along(26), 11, p.dark);
  const [hx, hy] = along(62);
  const [tx, ty] = along(118);
  c.line(hx, hy, tx, ty, 9, '#3d2b1f');
  c.line(...along(118), ...along(138), 14, p.dark);
  for (const s of [-3, 0, 3]) {
    const [ox, oy] = [Math.cos(a + Math.PI / 2) * s, Math.sin(a + Math.PI / 2) * s];
    const [sx, sy] = along(-20);
    c.line(sx + ox, sy + oy, tx + ox, ty + oy, 0.7, '#eeeeee');
  }
}

function record(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.sky);
  c.bands(0.3, 120, 18, 0, p.light);
  c.bands(0.3, 120, 18, 60, p.ground);
  const x = rnd.int(150, 210);
  c.circle(x, 120, 98, '#111111');
  c.rings(x, 120, 40, 96, 0.8, '#2e2e2e', 7);
  c.circle(x, 120, 34, p.accent);
  c.rings(x, 120, 24, 27, 3, p.second);
  c.circle(x, 120, 4, p.light);
  // The tone arm.
  c.circle(330, 34, 10, '#999999');
  c.line(330, 34, x + 60, 150, 5, '#bbbbbb');
}

function drum(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.sky);
  c.rect(0, 190, 360, 50, p.ground);
  const shell = rnd.pick([p.second, p.accent, '#cc0000', '#a0522d']);
  c.ellipse(180, 196, 90, 22, '#888888');
  c.rect(90, 120, 180, 76, shell);
  for (let x = 100; x < 270; x += 22) c.line(x, 124, x + 11, 192, 3, '#dddddd');
  c.ellipse(180, 120, 92, 24, '#aaaaaa');
  c.ellipse(180, 120, 86, 19, '#f3f3f3');
  c.line(110, 40, 168, 108, 6, '#c49a6c');
  c.line(260, 36, 196, 108, 6, '#c49a6c');
  c.circle(112, 42, 5, '#c49a6c');
  c.circle(258, 38, 5, '#c49a6c');
  for (let i = 0; i < 5; i++) c.circle(rnd.int(20, 340), rnd.int(20, 90), rnd.int(3, 6), p.light);
}

function horn(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.sky);
  c.circle(rnd.int(60, 300), 60, 120, p.light);
  const brass = '#f1c232';
  const shade = '#bf9000';
  c.polygon(
    [
      [60, 112],
      [230, 100],
      [300, 54],
      [300, 186],
      [230, 140],
      [60, 128],
    ],
    brass,
  );
  c.ellipse(300, 120, 14, 66, shade);
  c.ellipse(302, 120, 10, 56, '#7f6000');
  c.line(100, 128, 100, 158, 8, brass);
  c.line(100, 158, 210, 158, 8, brass);
  c.line(210, 158, 210, 130, 8, brass);
  for (const x of [132, 152, 172]) {
    c.rect(x - 4, 84, 8, 20, shade);
    c.circle(x, 82, 6, p.light);
  }
  c.rect(40, 114, 24, 12, shade);
  for (let i = 0; i < 4; i++) {
    const x = 40 + i * 70;
    c.ellipse(x, 210, 8, 6, p.dark, -20);
    c.line(x + 7, 210, x + 7, 178, 2.5, p.dark);
  }
}

function notes(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 240, p.light);
  for (let i = 0; i < 5; i++) c.rect(20, 60 + i * 14, 320, 1.6, p.dark);
  for (let i = 0; i < 5; i++) c.rect(20, 150 + i * 14, 320, 1.6, p.dark);
  const colour = [p.accent, p.second, p.dark];
  for (const top of [60, 150]) {
    let x = 50;
    while (x < 320) {
      const y = top + rnd.int(0, 8) * 7;
      c.ellipse(x, y, 7.5, 5.5, rnd.pick(colour), -20);
      c.line(x + 6.5, y, x + 6.5, y - 34, 2, p.dark);
      if (rnd.next() < 0.4) c.line(x + 6.5, y - 34, x + 18, y - 22, 3, p.dark);
      x += rnd.int(26, 44);
    }
  }
  c.circle(330, 26, 14, p.accent);
}

function hills(c: Canvas, p: Palette, rnd: Random) {
  c.rect(0, 0, 360, 90, p.sky);
  c.rect(0, 90, 360, 60, p.light);
  c.rect(0, 150, 360, 90, p.accent);
  c.circle(rnd.int(80, 280), 120, 46, p.second);
  c.circle(70, 300, 160, p.ground);
  c.circle(300, 320, 170, p.dark);
  c.circle(190, 330, 150, p.ground);
  // A small house with its porch light on.
  c.rect(236, 168, 34, 24, p.light);
  c.polygon(
    [
      [230, 170],
      [253, 152],
      [276, 170],
    ],
    p.second,
  );
  c.rect(249, 178, 8, 14, p.dark);
  c.circle(262, 176, 2, '#ffd966');
  for (let i = 0; i < 6; i++) c.circle(rnd.int(10, 350), rnd.int(8, 60), 1.6, '#ffffff');
}

const DRAW: Record<Motif, (c: Canvas, p: Palette, rnd: Random) => void> = {
  porch,
  guitar,
  record,
  drum,
  horn,
  notes,
  hills,
};

/** The motifs that suit a genre's poster. */
export const MOTIFS_BY_GENRE: Record<Genre, Motif[]> = {
  americana: ['guitar', 'porch', 'hills'],
  bluegrass: ['guitar', 'porch'],
  blues: ['guitar', 'record'],
  brass: ['horn'],
  classical: ['notes', 'hills'],
  country: ['guitar', 'hills'],
  dance: ['record'],
  folk: ['guitar', 'porch', 'hills'],
  funk: ['record', 'horn'],
  hiphop: ['record'],
  indie: ['record', 'guitar', 'hills'],
  jazz: ['horn', 'record', 'notes'],
  kids: ['drum', 'hills', 'notes'],
  pop: ['record', 'hills'],
  punk: ['guitar', 'drum'],
  rock: ['guitar', 'drum', 'record'],
  singer_songwriter: ['guitar', 'hills'],
  soul: ['record', 'horn'],
  spoken_word: ['notes', 'hills'],
  world: ['drum', 'guitar'],
  other: ['notes', 'hills', 'record'],
};

/** A picture of `motif`, its palette and details chosen by `seed`. */
export function drawPicture(motif: Motif, seed: number): Buffer {
  const rnd = seededRandom(seed);
  const canvas = new Canvas();
  DRAW[motif](canvas, PALETTES[seed % PALETTES.length]!, rnd);
  return canvas.png();
}

/** The picture as the editor embeds it in a bio. */
export function pictureHtml(motif: Motif, seed: number, alt: string): string {
  return `<p><img src="data:image/png;base64,${drawPicture(motif, seed).toString('base64')}" alt="${alt}"></p>`;
}
