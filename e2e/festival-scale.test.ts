import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { seedFestival } from '../test/support/festival-seed.js';
import { useE2eApp } from './support/e2e-app.js';
import { projectRoot } from './support/server.js';

const app = useE2eApp('festival-scale');

// Targets for /schedule on a festival of real size (300 porches, 600 sets): the first render puts
// at most 1,500 elements in the DOM, and the page loads at most 130 KB of gzipped JavaScript.
const MAX_ELEMENTS = 1500;
const MAX_SCRIPT_BYTES = 130 * 1024;

beforeAll(async () => {
  await seedFestival(app.baseUrl, { log: null });
}, 600_000);

/** Elements in the DOM, and gzipped bytes of script the page fetched, once the schedule is shown. */
async function measure(path: string, ready: string) {
  const { page } = app;
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const elements = await page.evaluate<number>('document.querySelectorAll("*").length');
  // The server sends brotli; the target is in gzip, so each script the page fetched is gzipped here.
  const urls = await page.evaluate<string[]>(
    `performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.endsWith('.js'))`,
  );
  const scripts = [...new Set(urls)]
    .map((url) => gzipSync(readFileSync(join(projectRoot, 'dist', 'web', new URL(url).pathname))).length)
    .reduce((a, b) => a + b, 0);
  return { elements, scripts };
}

describe('/schedule at festival scale', () => {
  test.each([
    ['phone', { width: 390, height: 844 }, '[role="tabpanel"] li'],
    ['desktop', { width: 1280, height: 800 }, 'table.schedule-table tbody tr'],
  ])('on a %s the first render stays small', async (name, viewport, ready) => {
    await app.page.setViewportSize(viewport);
    const { elements, scripts } = await measure('/schedule', ready);
    console.log(`/schedule (${name}): ${elements} elements, ${(scripts / 1024).toFixed(1)} KB of gzipped script`);
    expect(elements).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(scripts).toBeLessThanOrEqual(MAX_SCRIPT_BYTES);
  });

  test('printing renders the whole grid', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/schedule');
    await page.locator('[role="tabpanel"] li').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('table.schedule-table tbody tr').count()).toBe(300);
    await page.emulateMedia({ media: 'screen' });
  });
});
