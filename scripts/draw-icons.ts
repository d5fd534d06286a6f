/**
 * Draws the app's icons as PNG (a web app manifest needs raster icons; link previews need a
 * raster picture; a tab's icon is one too, docs/decisions/0046-no-svg-images-on-festival-pages.md):
 * the porch of web/public/favicon.svg at 32 (the tab's icon, round on a transparent square), 192 and 512 pixels, a maskable 512
 * one (the drawing inside the middle 80 %, the safe zone a launcher's mask never cuts, on a
 * full-bleed background), and the default 1200x630 link-preview picture. A few shapes
 * rasterized here with 4x4 supersampling and written with node:zlib: no image library needed.
 *
 *   npx tsx scripts/draw-icons.ts
 *
 * Deterministic: the same script always writes the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from '../test/support/png.js';
import { fromRoot } from '../server/lib/paths.js';

type Rgb = [number, number, number];
/** A shape in the favicon's 96-unit square: is the point inside? */
type Shape = { fill: Rgb; inside: (x: number, y: number) => boolean };

const hex = (value: string): Rgb => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
const BLUE = hex('#0b5394');
const DARK = hex('#212529');

const rect = (x: number, y: number, w: number, h: number, fill: string): Shape => ({
  fill: hex(fill),
  inside: (px, py) => px >= x && px < x + w && py >= y && py < y + h,
});
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string): Shape => ({
  fill: hex(fill),
  inside: (px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1,
});
/** A convex polygon, its corners in order. */
const polygon = (points: [number, number][], fill: string): Shape => ({
  fill: hex(fill),
  inside: (px, py) => {
    let sign = 0;
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[(i + 1) % points.length]!;
      const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
      if (cross !== 0) {
        if (sign !== 0 && Math.sign(cross) !== sign) return false;
        sign = Math.sign(cross);
      }
    }
    return true;
  },
});

// The favicon's porch with a guitar (web/public/favicon.svg), without its round background.
const PORCH: Shape[] = [
  polygon(
    [
      [18, 46],
      [48, 22],
      [78, 46],
    ],
    '#f6b26b',
  ),
  rect(24, 46, 48, 28, '#fff8e7'),
  rect(24, 70, 48, 6, '#7f6000'),
  rect(28, 50, 4, 20, '#7f6000'),
  rect(64, 50, 4, 20, '#7f6000'),
  ellipse(44, 62, 7, 6, '#b45f06'),
  ellipse(49, 56, 5, 4.5, '#b45f06'),
  // The guitar's neck, turned 30 degrees about (52, 49) as in the SVG.
  polygon(
    [
      [54.63, 42.44],
      [57.23, 43.94],
      [50.23, 56.06],
      [47.63, 54.56],
    ],
    '#3d2b1f',
  ),
  ellipse(45, 61, 1.8, 1.8, '#3d2b1f'),
];

/**
 * Renders width x height pixels: `background` everywhere (or nothing: transparent), then the porch
 * scaled so its 96-unit square is `size` pixels wide and centred, on a round or square badge.
 */
function render(
  width: number,
  height: number,
  size: number,
  background: Rgb | 'transparent',
  badge: 'circle' | 'none',
): Buffer {
  const shapes: Shape[] =
    badge === 'circle' ? [{ fill: BLUE, inside: (x, y) => (x - 48) ** 2 + (y - 48) ** 2 <= 46 ** 2 }, ...PORCH] : PORCH;
  const left = (width - size) / 2;
  const top = (height - size) / 2;
  const samples = 4;
  const alpha = background === 'transparent';
  const channels = alpha ? 4 : 3;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * channels); // filter byte 0, then RGB or RGBA
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const ux = ((x + (sx + 0.5) / samples - left) / size) * 96;
          const uy = ((y + (sy + 0.5) / samples - top) / size) * 96;
          let colour = alpha ? undefined : background;
          for (const shape of shapes) if (shape.inside(ux, uy)) colour = shape.fill;
          if (!colour) continue;
          covered++;
          for (let c = 0; c < 3; c++) sum[c]! += colour[c]!;
        }
      }
      for (let c = 0; c < 3; c++) row[1 + x * channels + c] = covered ? Math.round(sum[c]! / covered) : 0;
      if (alpha) row[1 + x * channels + 3] = Math.round((255 * covered) / samples ** 2);
    }
    rows.push(row);
  }
  return encodePng(width, height, Buffer.concat(rows), 9, alpha);
}

const icons = fromRoot('web', 'public', 'icons');
mkdirSync(icons, { recursive: true });
// The tab's icon (web/index.html): the round badge, its corners transparent.
writeFileSync(join(icons, 'icon-32.png'), render(32, 32, 32, 'transparent', 'circle'));
// Purpose "any": the round badge on a transparent-looking dark corner is fine at any size.
writeFileSync(join(icons, 'icon-192.png'), render(192, 192, 192, DARK, 'circle'));
writeFileSync(join(icons, 'icon-512.png'), render(512, 512, 512, DARK, 'circle'));
// Maskable: the porch within the middle 80 % on a full-bleed blue square.
writeFileSync(join(icons, 'icon-maskable-512.png'), render(512, 512, 512 * 0.8, BLUE, 'none'));
// Link previews (contract/page-previews.ts DEFAULT_PREVIEW_IMAGE): 1200x630 is what the big cards use.
writeFileSync(fromRoot('web', 'public', 'images', 'preview.png'), render(1200, 630, 480, DARK, 'circle'));
console.log(
  'wrote web/public/icons/icon-32.png, icon-192.png, icon-512.png, icon-maskable-512.png and web/public/images/preview.png',
);
