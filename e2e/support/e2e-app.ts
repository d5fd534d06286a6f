import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SmtpSink } from '../../server/test/smtp-sink.js';
import { launchChromium, openSession } from './browser.js';
import { resultsDir, startServer, type RunningServer } from './server.js';

export interface E2eApp {
  readonly baseUrl: string;
  readonly smtp: SmtpSink;
  /** The server's SQLite file (to grant admin with `npm run admin`, as the committee does). */
  readonly databasePath: string;
  /** This test's page, in a context of its own. */
  readonly page: Page;
  readonly context: BrowserContext;
}

const fileSafe = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * One built server and one Chromium per test file, and a fresh browser context per test.
 * On a failure, a screenshot and the page's console errors go to test-results/e2e/, beside
 * the server's log.
 */
export function useE2eApp(name: string, options: { serviceWorkers?: 'allow' | 'block' } = {}): E2eApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: Awaited<ReturnType<typeof openSession>> | undefined;

  beforeAll(async () => {
    server = await startServer(name);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    if (!browser || !server) throw new Error('The e2e server or browser did not start');
    session = await openSession(browser, server.baseUrl, options);
  });

  afterEach(async (ctx) => {
    if (!session) return;
    if (ctx.task.result?.state === 'fail') {
      const shot = join(resultsDir, `${name}-${fileSafe(ctx.task.name)}.png`);
      await session.page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      console.error(
        [
          `e2e failure in "${ctx.task.name}" at ${session.page.url()}`,
          `  screenshot: ${shot}`,
          `  server log: ${server?.logFile}`,
          ...session.problems.map((p) => `  ${p}`),
        ].join('\n'),
      );
    }
    await session.context.close();
    session = undefined;
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };
  return {
    get baseUrl() {
      return need(server, 'The server').baseUrl;
    },
    get smtp() {
      return need(server, 'The server').smtp;
    },
    get databasePath() {
      return need(server, 'The server').databasePath;
    },
    get page() {
      return need(session, 'The page').page;
    },
    get context() {
      return need(session, 'The browser context').context;
    },
  };
}
