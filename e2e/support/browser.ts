import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumMissing, findChromium } from './chromium-path.js';

/** The screens the tests look at pages on: a phone's and a desktop's. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium: CHROMIUM_PATH, else `chromium` on the PATH (`npm test` provisions it). */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(chromiumMissing());
  return found;
}

// --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. The rest stop
// Chromium from calling hosts this machine cannot reach (updates, sync, QUIC probes), which
// otherwise slows every page and fills the log.
export const CHROMIUM_QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_ARGS];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, to print when a test fails. */
  problems: string[];
}

/**
 * A fresh context per test: no cookies, storage or session carried over from another test.
 * The service worker is blocked unless asked for (e2e/offline.test.ts): otherwise every test's
 * fresh context would download the whole precache in the background, on a shared machine.
 */
export async function openSession(
  browser: Browser,
  baseURL: string,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Well under the e2e test timeout, so a missing element fails with its locator named.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  waitForTakeOverOnLoad(page);
  return { context, page, problems };
}

/**
 * A page the server drew (docs/decisions/0048) shows before the app has loaded, and a tap before
 * the app takes it over does nothing, as for a person on a slow phone. Tests act at machine speed:
 * after `goto` and `reload`, this page waits until the app has taken the page over (web/app/
 * lazy-page.tsx marks #root), so every test acts on the page as someone who waited a moment would.
 */
export function waitForTakeOverOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A test that asks for the page as soon as it arrives (`waitUntil: 'commit'`) gets just that.
    if (options?.waitUntil !== 'commit') await waitForTakeOver(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForTakeOver(page);
    return response;
  };
}

/** Waits until the app has taken the page over, if the server drew it (at once otherwise). */
export async function waitForTakeOver(page: Page): Promise<void> {
  // A function, not an expression: Playwright evaluates an expression in the page, which the
  // app's CSP forbids. This project's Node types have no DOM, hence the cast.
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).document.getElementById('root')?.dataset.firstView !== 'server',
    undefined,
    { timeout: 30_000 },
  );
}

/** The little of the page's DOM the harness reads (the e2e files are checked without the DOM types). */
interface PageGlobals {
  document: { getElementById(id: string): { dataset: Record<string, string | undefined> } | null };
}
