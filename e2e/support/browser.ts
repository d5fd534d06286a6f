import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium: playwright-core downloads no browser of its own, and this machine could not fetch one. */
export function chromiumPath(): string {
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // `which` exits non-zero when nothing is found: fall back to Debian's path.
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('Chromium not found: install it with `apt-get install -y chromium` (.ci/run does).');
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

/** A fresh context per test: no cookies, storage or session carried over from another test. */
export async function openSession(browser: Browser, baseURL: string): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // Well under the e2e test timeout, so a missing element fails with its locator named.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems };
}
