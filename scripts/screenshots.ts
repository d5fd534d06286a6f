// `npx tsx scripts/screenshots.ts`: the README's pictures, taken from a running demo
// (`npm run demo`; PORT as the demo's, or BASE_URL to point elsewhere) in Chromium, as small PNGs
// in docs/screenshots/. The map shows the tiles the demo's server draws from its street plan.
// Debian's fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji draw every script the demo's
// bios are written in; pngquant, when installed (Debian's `pngquant`), makes each file about a
// third of its size. A screen that does not exist yet (its path answers the "not found" page) is
// left out and named.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { fromRoot } from '../server/lib/paths.js';
import { launchChromium } from '../e2e/support/browser.js';
import type { ScheduleEntry } from '../contract/schedule.js';

const BASE_URL = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
const OUT = fromRoot('docs', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 800 };

interface Shot {
  file: string;
  path: string;
  viewport: { width: number; height: number };
  /** The demo admin signs in first (the committee's desk). */
  admin?: boolean;
  /** Stars three acts on the device first, two of them in one slot (My day and its conflict). */
  favourites?: boolean;
  /** Scrolls this element to the top of the picture (the map, below the filters on a phone). */
  scrollTo?: string;
  /** The path's {id}: the act of this name. */
  act?: string;
  /** Zooms the map in this many times (to where the street plan's tiles write street names). */
  zoomIn?: number;
}

async function actId(name: string): Promise<number> {
  const response = await fetch(`${BASE_URL}/v1/acts?search=${encodeURIComponent(name)}`);
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  const act = data.find((a) => a.name === name);
  if (!act) throw new Error(`No act named ${name} in the demo`);
  return act.id;
}

/** Three scheduled acts: two playing in Slot 2 at different porches, and one in Slot 3. */
async function threeFavourites(): Promise<number[]> {
  const response = await fetch(`${BASE_URL}/v1/schedule`);
  const { data } = (await response.json()) as { data: ScheduleEntry[] };
  const inSlot = (slot: 'slot_2' | 'slot_3') =>
    data.flatMap((entry) => {
      const cell = entry[slot];
      return cell ? [cell.act_id] : [];
    });
  return [...inSlot('slot_2').slice(0, 2), ...inSlot('slot_3').slice(0, 1)];
}

const SHOTS: Shot[] = [
  { file: 'schedule-phone.png', path: '/schedule', viewport: PHONE },
  { file: 'myday-phone.png', path: '/myday', viewport: PHONE, favourites: true },
  {
    file: 'map-phone.png',
    path: '/schedule?view=map',
    viewport: PHONE,
    scrollTo: '.leaflet-container',
    zoomIn: 2,
  },
  { file: 'acts.png', path: '/acts', viewport: DESKTOP },
  { file: 'act-phone.png', path: '/acts/{id}', act: 'The Hollow Creek Ramblers', viewport: PHONE },
  { file: 'desk.png', path: '/admin', viewport: DESKTOP, admin: true },
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const missing: string[] = [];
  try {
    for (const shot of SHOTS) {
      // Scale 1 and a viewport-sized picture keep each file small.
      const context = await browser.newContext({ baseURL: BASE_URL, viewport: shot.viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      if (shot.admin) {
        const signIns = JSON.parse(readFileSync(fromRoot('data', 'demo.json'), 'utf8')) as {
          admin: { email: string; password: string };
        };
        await page.goto('/login');
        await page.getByLabel('Email').fill(signIns.admin.email);
        await page.getByLabel('Password').fill(signIns.admin.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.waitForURL((url) => url.pathname !== '/login');
      }
      if (shot.favourites) {
        // Where the web app keeps the stars (web/features/favourites/favourites-store.ts).
        const ids = await threeFavourites();
        await page.addInitScript(
          `localStorage.setItem('porchfest.favourites', ${JSON.stringify(JSON.stringify(ids))})`,
        );
      }
      const path = shot.act ? shot.path.replace('{id}', String(await actId(shot.act))) : shot.path;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      const notFound = await page.getByText(/not found|page you asked for/i).count();
      if (!response?.ok() || notFound > 0) {
        missing.push(path);
      } else {
        if (shot.scrollTo) {
          await page
            .locator(shot.scrollTo)
            .first()
            .evaluate((element: { scrollIntoView(): void }) => element.scrollIntoView());
          await page.waitForTimeout(500);
        }
        for (let i = 0; i < (shot.zoomIn ?? 0); i++) {
          await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
          await page.waitForTimeout(400);
        }
        if (shot.zoomIn) await page.waitForLoadState('networkidle');
        const file = `${OUT}/${shot.file}`;
        await page.screenshot({ path: file });
        // 256 colours draw a page's flat colours and its type with no visible change.
        spawnSync('pngquant', [
          '--quality=80-98',
          '--speed=1',
          '--strip',
          '--skip-if-larger',
          '--force',
          '--ext=.png',
          file,
        ]);
        console.log(`docs/screenshots/${shot.file}: ${path} (${Math.round(statSync(file).size / 1024)} KB)`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (missing.length) console.log(`Not taken (no such screen yet): ${missing.join(', ')}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
