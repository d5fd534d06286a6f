/**
 * Draws the project's own images (no downloads, docs/decisions/0011-public-pages-performance.md):
 * six band-on-a-porch illustrations for the home page's carousel and the two example sponsors'
 * logos, as small SVG files in web/public/images/. SVG because flat drawings are a few kilobytes as
 * vectors, scale to any screen without a set of sizes, and need no image encoder on this machine.
 *
 *   npx tsx scripts/draw-images.ts
 *
 * The drawings are generated, not random: the same script always writes the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../server/lib/paths.js';

const OUT = fromRoot('web', 'public', 'images');
const W = 480;
const H = 270;
const PORCH_Y = 196; // the porch floor the band stands on
const SKINS = ['#8d5524', '#f1c27d', '#c68642', '#e0ac69', '#5c3a21', '#ffdbac'];

type Instrument =
  | 'guitar'
  | 'banjo'
  | 'fiddle'
  | 'bass'
  | 'trumpet'
  | 'trombone'
  | 'tuba'
  | 'snare'
  | 'drums'
  | 'electric'
  | 'keys'
  | 'sax'
  | 'mic'
  | 'accordion'
  | 'djembe';

interface Player {
  instrument: Instrument;
  shirt: string;
  skin: number;
  hair: string;
}

interface Scene {
  file: string;
  sky: [string, string];
  sun: { x: number; y: number; r: number; color: string };
  house: string;
  trim: string;
  roof: string;
  lawn: string;
  lights: boolean;
  players: Player[];
  audience: number;
}

const r = (n: number) => Math.round(n * 10) / 10;

function tree(x: number, scale: number, leaf: string): string {
  return `<g transform="translate(${x} 200) scale(${scale})"><rect x="-4" y="-40" width="8" height="44" fill="#5b3a1e"/><circle cy="-58" r="26" fill="${leaf}"/><circle cx="-18" cy="-44" r="18" fill="${leaf}"/><circle cx="18" cy="-46" r="19" fill="${leaf}"/></g>`;
}

function house(s: Scene): string {
  const windows = [150, 310]
    .map((x) => `<rect x="${x}" y="62" width="22" height="26" fill="#fdf3c4" stroke="${s.trim}" stroke-width="3"/>`)
    .join('');
  const columns = [112, 176, 300, 362]
    .map((x) => `<rect x="${x}" y="124" width="6" height="${PORCH_Y - 124}" fill="${s.trim}"/>`)
    .join('');
  return [
    `<path d="M94 78 240 16l146 62z" fill="${s.roof}"/>`,
    `<rect x="108" y="76" width="264" height="${PORCH_Y - 76}" fill="${s.house}"/>`,
    windows,
    `<rect x="226" y="126" width="28" height="${PORCH_Y - 126}" fill="${s.roof}"/>`,
    `<rect x="98" y="114" width="284" height="10" fill="${s.roof}"/>`,
    columns,
    `<rect x="98" y="${PORCH_Y}" width="284" height="8" fill="${s.trim}"/>`,
    `<rect x="212" y="${PORCH_Y + 8}" width="56" height="6" fill="#b9b2a6"/><rect x="206" y="${PORCH_Y + 14}" width="68" height="6" fill="#a59e92"/>`,
  ].join('');
}

function stringLights(): string {
  const bulbs = ['#ffd966', '#f6b26b', '#ea9999', '#a4c2f4', '#b6d7a8'];
  const dots: string[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    const x = 100 + 280 * t;
    const sag = Math.sin(((t * 2) % 1) * Math.PI) * 12;
    dots.push(`<circle cx="${r(x)}" cy="${r(128 + sag)}" r="2.6" fill="${bulbs[i % bulbs.length]}"/>`);
  }
  return `<path d="M100 126q70 26 140 0t140 0" fill="none" stroke="#333" stroke-width="1"/>${dots.join('')}`;
}

/** A string instrument held across the body: body at the origin, neck pointing up. */
function stringed(color: string, neck: number, round = false): string {
  const body = round
    ? `<circle r="8" fill="#f3f3f3" stroke="${color}" stroke-width="2.5"/>`
    : `<ellipse rx="8" ry="8.5" fill="${color}"/><ellipse cy="-9" rx="6" ry="6" fill="${color}"/><circle cy="-4" r="2.2" fill="#2b1d14"/>`;
  return `<rect x="-1.4" y="${-neck}" width="2.8" height="${neck - 4}" fill="#3d2b1f"/>${body}`;
}

function instrument(p: Player, x: number): string {
  switch (p.instrument) {
    case 'guitar':
      return `<g transform="translate(${x + 3} 156) rotate(-62)">${stringed('#b45f06', 30)}</g>`;
    case 'electric':
      return `<g transform="translate(${x + 3} 156) rotate(-62)">${stringed('#cc0000', 30)}</g>`;
    case 'banjo':
      return `<g transform="translate(${x + 3} 156) rotate(-62)">${stringed('#7f6000', 34, true)}</g>`;
    case 'fiddle':
      return `<g transform="translate(${x - 7} 140) rotate(-115) scale(.55)">${stringed('#a0522d', 30)}</g><path d="M${x - 16} 128l22 22" stroke="#ddd" stroke-width="1.2"/>`;
    case 'bass':
      return `<g transform="translate(${x + 10} 176) rotate(-8) scale(1.9)">${stringed('#8b4513', 34)}</g>`;
    case 'trumpet':
      return `<path d="M${x + 4} 131h16l7-5v10l-7-5" fill="#f1c232" stroke="#bf9000"/>`;
    case 'trombone':
      return `<path d="M${x + 4} 131h30M${x + 12} 137h22" stroke="#f1c232" stroke-width="2.5"/><path d="M${x + 34} 131l8-6v12z" fill="#f1c232"/>`;
    case 'tuba':
      return `<ellipse cx="${x}" cy="154" rx="10" ry="8" fill="none" stroke="#f1c232" stroke-width="4"/><circle cx="${x - 8}" cy="124" r="10" fill="#f1c232" stroke="#bf9000"/>`;
    case 'snare':
      return `<rect x="${x - 11}" y="160" width="22" height="9" fill="#cc0000"/><ellipse cx="${x}" cy="160" rx="11" ry="3" fill="#fff"/><path d="M${x - 10} 146l8 12M${x + 10} 146l-8 12" stroke="#5b3a1e" stroke-width="1.5"/>`;
    case 'drums':
      return `<circle cx="${x}" cy="178" r="17" fill="#f3f3f3" stroke="#444" stroke-width="2"/><circle cx="${x}" cy="178" r="7" fill="#cc0000"/><ellipse cx="${x - 22}" cy="158" rx="9" ry="3" fill="#e8e8e8" stroke="#444"/><path d="M${x + 12} 146h22M${x + 23} 146v50" stroke="#bf9000" stroke-width="2"/>`;
    case 'keys':
      return `<rect x="${x - 20}" y="152" width="40" height="7" fill="#222"/><rect x="${x - 18}" y="153" width="36" height="3" fill="#fff"/><path d="M${x - 14} 159l-4 ${PORCH_Y - 159}M${x + 14} 159l4 ${PORCH_Y - 159}" stroke="#222" stroke-width="2"/>`;
    case 'sax':
      return `<path d="M${x - 2} 132v20q0 8 7 8t6-8" fill="none" stroke="#f1c232" stroke-width="3.5"/><circle cx="${x + 11}" cy="150" r="3.5" fill="#bf9000"/>`;
    case 'mic':
      return `<path d="M${x + 12} ${PORCH_Y}V134" stroke="#333" stroke-width="1.8"/><circle cx="${x + 9}" cy="131" r="3" fill="#333"/>`;
    case 'accordion':
      return `<rect x="${x - 12}" y="140" width="24" height="16" fill="#cc0000"/><path d="M${x - 6} 140v16M${x} 140v16M${x + 6} 140v16" stroke="#fff" stroke-width="1.5"/>`;
    case 'djembe':
      return `<path d="M${x - 9} 166h18l-5 12 4 18h-16l4-18z" fill="#a0522d"/><ellipse cx="${x}" cy="166" rx="9" ry="2.5" fill="#f3e5c8"/>`;
  }
}

function player(p: Player, x: number): string {
  const seated = p.instrument === 'drums' || p.instrument === 'djembe';
  const skin = SKINS[p.skin % SKINS.length];
  const top = seated ? 146 : 134; // where the shirt starts
  const headY = top - 10;
  const body = seated
    ? `<rect x="${x - 10}" y="${top}" width="20" height="24" rx="6" fill="${p.shirt}"/><rect x="${x - 10}" y="${top + 20}" width="24" height="7" fill="#2f3b52"/><rect x="${x + 8}" y="${top + 20}" width="6" height="${PORCH_Y - top - 20}" fill="#2f3b52"/>`
    : `<rect x="${x - 8}" y="${top + 26}" width="6" height="${PORCH_Y - top - 26}" fill="#2f3b52"/><rect x="${x + 2}" y="${top + 26}" width="6" height="${PORCH_Y - top - 26}" fill="#2f3b52"/><rect x="${x - 10}" y="${top}" width="20" height="30" rx="6" fill="${p.shirt}"/>`;
  const head = `<circle cx="${x}" cy="${headY}" r="8" fill="${skin}"/><path d="M${x - 8} ${headY - 1}a8 8 0 0 1 16 0q-8-5-16 0" fill="${p.hair}"/>`;
  // Drums and the djembe stand in front of the player; everything else is held.
  return seated ? `${head}${body}${instrument(p, x)}` : `${body}${head}${instrument(p, x)}`;
}

function audience(count: number, seed: number): string {
  const shirts = ['#3c78d8', '#6aa84f', '#e69138', '#674ea7', '#cc4125', '#45818e', '#f1c232', '#a64d79'];
  const people: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = r(20 + ((W - 40) * (i + 0.5)) / count + ((i * 37 + seed * 13) % 17) - 8);
    const kid = (i + seed) % 4 === 0;
    const y = kid ? 252 : 240;
    people.push(
      `<circle cx="${x}" cy="${y}" r="${kid ? 7 : 9}" fill="${SKINS[(i + seed) % SKINS.length]}"/><ellipse cx="${x}" cy="${y + 24}" rx="${kid ? 13 : 18}" ry="16" fill="${shirts[(i * 3 + seed) % shirts.length]}"/>`,
    );
  }
  return people.join('');
}

function scene(s: Scene, seed: number): string {
  const spacing = 240 / s.players.length;
  const band = s.players.map((p, i) => player(p, r(120 + spacing * (i + 0.5)))).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="960" height="540">`,
    `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="${s.sun.x}" cy="${s.sun.y}" r="${s.sun.r}" fill="${s.sun.color}"/>`,
    `<rect y="196" width="${W}" height="74" fill="${s.lawn}"/>`,
    tree(44, 1.1, '#38761d'),
    tree(440, 0.95, '#6aa84f'),
    house(s),
    s.lights ? stringLights() : '',
    band,
    audience(s.audience, seed),
    '</svg>',
  ].join('');
}

/** The carousel's scenes; their alt texts are in festival.config.json, written from these. */
const SCENES: Scene[] = [
  {
    file: 'band-folk.svg',
    sky: ['#6fa8dc', '#cfe2f3'],
    sun: { x: 410, y: 40, r: 18, color: '#ffe599' },
    house: '#ffe599',
    trim: '#ffffff',
    roof: '#7f6000',
    lawn: '#93c47d',
    lights: true,
    players: [
      { instrument: 'fiddle', shirt: '#cc4125', skin: 1, hair: '#7f6000' },
      { instrument: 'guitar', shirt: '#3d85c6', skin: 0, hair: '#222' },
      { instrument: 'banjo', shirt: '#6aa84f', skin: 3, hair: '#b45f06' },
      { instrument: 'bass', shirt: '#674ea7', skin: 4, hair: '#222' },
    ],
    audience: 9,
  },
  {
    file: 'band-brass.svg',
    sky: ['#3d85c6', '#9fc5e8'],
    sun: { x: 70, y: 36, r: 20, color: '#fff2cc' },
    house: '#b45f06',
    trim: '#f3f3f3',
    roof: '#434343',
    lawn: '#6aa84f',
    lights: false,
    players: [
      { instrument: 'trumpet', shirt: '#0b5394', skin: 2, hair: '#222' },
      { instrument: 'trombone', shirt: '#0b5394', skin: 5, hair: '#e69138' },
      { instrument: 'tuba', shirt: '#0b5394', skin: 4, hair: '#222' },
      { instrument: 'snare', shirt: '#0b5394', skin: 1, hair: '#666' },
    ],
    audience: 10,
  },
  {
    file: 'band-rock.svg',
    sky: ['#e69138', '#f9cb9c'],
    sun: { x: 420, y: 150, r: 26, color: '#fce5cd' },
    house: '#6fa8dc',
    trim: '#ffffff',
    roof: '#1c4587',
    lawn: '#6aa84f',
    lights: true,
    players: [
      { instrument: 'electric', shirt: '#222222', skin: 5, hair: '#b45f06' },
      { instrument: 'drums', shirt: '#cc0000', skin: 2, hair: '#222' },
      { instrument: 'guitar', shirt: '#38761d', skin: 0, hair: '#222' },
    ],
    audience: 8,
  },
  {
    file: 'band-jazz.svg',
    sky: ['#20124d', '#8e7cc3'],
    sun: { x: 400, y: 46, r: 14, color: '#fff2cc' },
    house: '#93c47d',
    trim: '#fdf3c4',
    roof: '#274e13',
    lawn: '#38761d',
    lights: true,
    players: [
      { instrument: 'mic', shirt: '#a64d79', skin: 4, hair: '#222' },
      { instrument: 'sax', shirt: '#434343', skin: 1, hair: '#999' },
      { instrument: 'keys', shirt: '#1155cc', skin: 3, hair: '#222' },
      { instrument: 'bass', shirt: '#783f04', skin: 0, hair: '#444' },
    ],
    audience: 8,
  },
  {
    file: 'band-songwriter.svg',
    sky: ['#9fc5e8', '#fff2cc'],
    sun: { x: 60, y: 60, r: 22, color: '#ffd966' },
    house: '#f3f3f3',
    trim: '#45818e',
    roof: '#45818e',
    lawn: '#b6d7a8',
    lights: false,
    players: [
      { instrument: 'mic', shirt: '#e06666', skin: 2, hair: '#7f6000' },
      { instrument: 'guitar', shirt: '#f6b26b', skin: 5, hair: '#b45f06' },
    ],
    audience: 11,
  },
  {
    file: 'band-world.svg',
    sky: ['#f6b26b', '#ffe599'],
    sun: { x: 96, y: 70, r: 24, color: '#fff2cc' },
    house: '#76a5af',
    trim: '#fff',
    roof: '#783f04',
    lawn: '#93c47d',
    lights: true,
    players: [
      { instrument: 'accordion', shirt: '#134f5c', skin: 1, hair: '#222' },
      { instrument: 'djembe', shirt: '#e69138', skin: 4, hair: '#222' },
      { instrument: 'guitar', shirt: '#a61c00', skin: 3, hair: '#444' },
      { instrument: 'mic', shirt: '#741b47', skin: 0, hair: '#222' },
    ],
    audience: 9,
  },
];

/** Two example sponsors; a real edition puts its sponsors' own logos beside them. */
const LOGOS: Record<string, string> = {
  'sponsor-hardware.svg': [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" width="200" height="80">',
    '<rect width="200" height="80" rx="10" fill="#fff"/>',
    '<rect x="14" y="33" width="36" height="10" rx="3" fill="#7f6000" transform="rotate(-40 32 38)"/>',
    '<rect x="12" y="18" width="26" height="14" rx="3" fill="#434343" transform="rotate(-40 25 25)"/>',
    '<text x="62" y="36" font-family="Arial,Helvetica,sans-serif" font-size="17" font-weight="700" fill="#0b5394">Corner Hardware</text>',
    '<text x="62" y="58" font-family="Arial,Helvetica,sans-serif" font-size="15" fill="#434343">co-op</text>',
    '</svg>',
  ].join(''),
  'sponsor-bakery.svg': [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" width="200" height="80">',
    '<rect width="200" height="80" rx="10" fill="#fff"/>',
    '<ellipse cx="34" cy="46" rx="22" ry="14" fill="#e69138"/>',
    '<path d="M22 38q4 8 0 16M32 36q4 10 0 20M42 38q4 8 0 16" stroke="#fce5cd" stroke-width="3" fill="none"/>',
    '<path d="M34 10q10 8 0 18q-10-10 0-18" fill="#6aa84f"/>',
    '<text x="66" y="36" font-family="Georgia,serif" font-size="17" font-weight="700" fill="#783f04">Maple Street</text>',
    '<text x="66" y="58" font-family="Georgia,serif" font-size="15" fill="#783f04">Bakery</text>',
    '</svg>',
  ].join(''),
};

SCENES.forEach((s, i) => {
  const svg = scene(s, i);
  writeFileSync(join(OUT, s.file), `${svg}\n`);
  console.log(`${s.file}: ${svg.length} bytes`);
});
for (const [file, svg] of Object.entries(LOGOS)) {
  writeFileSync(join(OUT, file), `${svg}\n`);
  console.log(`${file}: ${svg.length} bytes`);
}
