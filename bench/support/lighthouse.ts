/**
 * The one Lighthouse runner of the benches (bench/lighthouse.ts, bench/festival-pages.ts): Debian's
 * Chromium with the e2e quiet flags, one audit with a retry on a broken trace, and the figures the
 * benches print. Not a benchmark itself (bench/run.ts runs only the files directly in bench/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config, Flags, Result } from 'lighthouse';
import { CHROMIUM_QUIET_ARGS, chromiumPath } from '../../e2e/support/browser.js';

// The e2e flags (STACK-NOTES measured them): without the background-networking ones Chromium
// keeps calling hosts this machine cannot reach, and Lighthouse would time those calls too.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_QUIET_ARGS];

export const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

export function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROME_PATH ?? chromiumPath(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
}

export interface AuditOptions {
  categories: string[];
  /** Lighthouse's CPU slowdown; undefined keeps the settings' default (4x on mobile). */
  cpuSlowdown?: number;
  /**
   * 'mobile': Lighthouse's defaults. 'desktop': Lighthouse's desktop config (its own throttling).
   * 'wide-screen': Lighthouse's mobile run (its throttling, 4x CPU and slow 4G, and its mobile
   * scoring) on a 1280x800 screen, for a layout that only wide screens get. Lighthouse's desktop
   * form factor would score the page against its desktop curves (a 1.2 s LCP for 90 points) while
   * throttling it like a phone (docs/decisions/0047-the-grid-is-scored-as-a-phone-run.md).
   */
  form?: 'mobile' | 'desktop' | 'wide-screen';
  /** Keep the origin's storage (and so localStorage set up beforehand); the caller clears the cache. */
  keepStorage?: boolean;
}

const WIDE_SCREEN = { mobile: true, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false };

/** One Lighthouse run of `url` in the Chromium on `chrome`; a broken trace is run again, twice. */
export async function runLighthouse(chrome: LaunchedChrome, url: string, options: AuditOptions): Promise<Result> {
  const form = options.form ?? 'mobile';
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: options.categories,
  };
  if (options.keepStorage) flags.disableStorageReset = true;
  if (form === 'wide-screen') flags.screenEmulation = WIDE_SCREEN;
  if (options.cpuSlowdown !== undefined) {
    const base = form === 'desktop' ? desktopConfig.settings?.throttling : undefined;
    flags.throttling = { ...base, cpuSlowdownMultiplier: options.cpuSlowdown };
  }
  const config: Config | undefined = form === 'desktop' ? desktopConfig : undefined;
  // A trace can come back broken (NO_NAVSTART, NO_FCP) on a machine this busy: try again, twice.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) {
      saveTrace(url, result.artifacts);
      return result.lhr;
    }
    if (attempt === 3) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    console.log(`  ${url}: ${result.lhr.runtimeError.code}, running again`);
  }
}

/**
 * BENCH_TRACE_DIR=/tmp/traces: keeps each run's trace (open it in Chromium's Performance panel,
 * or summarise it with bench/support/trace-tasks.ts) to see what the long tasks did.
 */
function saveTrace(url: string, artifacts: unknown): void {
  const dir = process.env.BENCH_TRACE_DIR;
  if (!dir) return;
  const trace = (artifacts as { Trace?: unknown }).Trace;
  if (!trace) return;
  mkdirSync(dir, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-') || 'root';
  writeFileSync(join(dir, `${name}-${Date.now()}.trace.json`), JSON.stringify(trace));
}

export const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The audits of a category that cost points, one line each, for a missed target. */
export function costlyAudits(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map(
      ({ ref, audit }) =>
        `    - ${ref.id}${ref.weight ? ` (weight ${ref.weight})` : ''}: ${audit!.displayValue ?? `score ${audit!.score}`}`,
    );
}
