import { beforeAll, describe, expect, test } from 'vitest';
import type { Act } from '../contract/acts.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

/**
 * Issue 27, item 6 (server/web/first-view.ts, web/app/first-view.ts, docs/decisions/0051): a drawn
 * page is kept by the parameters its screen reads, not by the raw address. A shared link's
 * `?utm_source=` or `?fbclid=` is served the kept drawing (the same `data-drawn-at`, the moment it
 * was drawn: no drawing of its own), while a real filter (`?genre=jazz`) is another page.
 */
const app = useE2eApp('kept-drawings');
const { signUp, createAct } = e2eActors(app);

let jazz: Act;
beforeAll(async () => {
  const performer = await signUp(['performer'], 'Kept Drawing Player');
  jazz = await createAct(performer, 'The Kept Jazz Porch', { type: 'jazz' });
  await createAct(performer, 'The Kept Bluegrass Porch', { type: 'bluegrass' });
}, 60_000);

/** The server's HTML for `path`, and when its first view was drawn (ms). */
async function drawn(path: string): Promise<{ at: number; root: string }> {
  const res = await fetch(`${app.baseUrl}${path}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const at = /<div id="root" data-first-view="server" data-drawn-at="(\d+)">/.exec(html)?.[1];
  expect(at, `${path} was not drawn by the server`).toBeDefined();
  return { at: Number(at), root: html };
}

const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Draws `plain`, then asks for each of `same`: their drawing moments, within one minute (a
 * drawing is kept a minute at most, so a minute's turn in between is tried again).
 */
async function withinOneMinute(plain: string, same: string[]) {
  for (let attempt = 0; ; attempt += 1) {
    const first = await drawn(plain);
    const others: Array<{ at: number; root: string }> = [];
    for (const path of same) {
      await pause(5);
      others.push(await drawn(path));
    }
    const minute = (at: number) => Math.floor(at / 60_000);
    if (attempt < 2 && minute(Date.now()) !== minute(first.at)) continue;
    return { first, others };
  }
}

describe('kept drawings', () => {
  test('an act list with a junk parameter is served from the kept drawing; a real filter is another page', async () => {
    const { first, others } = await withinOneMinute('/acts', [
      '/acts?utm_source=newsletter&utm_medium=email',
      '/acts?fbclid=IwAR0kept',
      '/acts?genre=jazz',
      '/acts?utm_campaign=day&genre=jazz',
    ]);
    const [utm, fbclid, filtered, filteredJunk] = others as [typeof first, typeof first, typeof first, typeof first];
    expect(first.root).toContain('The Kept Bluegrass Porch');
    expect(utm.at).toBe(first.at);
    expect(fbclid.at).toBe(first.at);
    expect(utm.root).toBe(first.root);

    // A filter the screen reads: another drawing, of another list.
    expect(filtered.at).not.toBe(first.at);
    expect(filtered.root).toContain('The Kept Jazz Porch');
    expect(filtered.root).not.toContain('The Kept Bluegrass Porch');
    // ... which junk beside it does not change either.
    expect(filteredJunk.at).toBe(filtered.at);
  });

  test("an act's page with a junk parameter is served from the kept drawing", async () => {
    const { first, others } = await withinOneMinute(`/acts/${jazz.id}`, [
      `/acts/${jazz.id}?fbclid=IwAR0page`,
      `/acts/${jazz.id}?utm_source=qr`,
    ]);
    expect(first.root).toContain('The Kept Jazz Porch');
    for (const other of others) expect(other.at).toBe(first.at);
  });
});
