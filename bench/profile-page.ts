/**
 * Where a page's main-thread time goes, at festival scale: the BUILT app seeded through the API
 * (300 venues, 600 acts, 600 sets), one page loaded in Chromium on a phone-sized screen with the
 * V8 sampling profiler on, then the functions with the most self time and the long tasks. A tool
 * for working on Lighthouse's total blocking time (bench/festival-pages.ts measures it). For the
 * sources' function names, build the web app unminified first: `npx vite build --minify false`.
 *
 *   npx tsx bench/profile-page.ts /schedule
 *   BENCH_VENUES=40 BENCH_ACTS=80 npx tsx bench/profile-page.ts /acts
 *   PROFILE_CPU_SLOWDOWN=4 npx tsx bench/profile-page.ts /venues     # as Lighthouse's phone (default 1)
 *   PROFILE_TASK_MS=10 npx tsx bench/profile-page.ts /myday          # list tasks of 10 ms or more (default 30)
 *   PROFILE_CALLERS=push npx tsx bench/profile-page.ts /acts/13      # the call paths into a function's self time
 *   PROFILE_TRACE_FILE=/tmp/p.json npx tsx bench/profile-page.ts     # keep the trace, with V8 samples, for
 *                                                                    # bench/support/trace-tasks.ts
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server.js';
import { chromiumPath } from '../e2e/support/browser.js';
import { seedFestival } from '../test/support/festival-seed.js';
import { busiestThread, threadOf, type ProfileNode, type TraceEvent } from './support/trace-events.js';
import { envNumber } from './support/env-number.js';
import { benchFestivalSize } from './support/festival-size.js';

const PATH = process.argv[2] ?? '/schedule';
const FESTIVAL = benchFestivalSize();
const SLOWDOWN = envNumber('PROFILE_CPU_SLOWDOWN', 1);
const TASK_MS = envNumber('PROFILE_TASK_MS', 30);

/** The profiler's nodes always carry their line and column. */
type ProfilerNode = ProfileNode & { callFrame: Required<ProfileNode['callFrame']> };
interface Profile {
  nodes: ProfilerNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The renderer's main thread: the thread with the most RunTask time. */
function printTasks(events: TraceEvent[]): void {
  const main = busiestThread(events);
  const onMain = events.filter((e) => threadOf(e) === main && e.ph === 'X' && e.dur !== undefined);
  const runTasks = onMain.filter((e) => e.name === 'RunTask');
  const tasks = runTasks.filter((e) => e.dur! >= TASK_MS * 1000);
  const start = Math.min(...onMain.map((e) => e.ts));
  const busy = runTasks.reduce((sum, e) => sum + e.dur!, 0) / 1000;
  const blocking = runTasks.reduce((sum, e) => sum + Math.max(0, (e.dur! / 1000) * 4 - 50), 0);
  console.log(
    `\nMain thread: ${runTasks.length} tasks, ${busy.toFixed(0)} ms busy; ` +
      `at 4x, ${blocking.toFixed(0)} ms over 50 ms per task (a rough total blocking time)`,
  );
  console.log(`\nTasks of ${TASK_MS} ms or more on the main thread, and what they did (ms, children may nest):`);
  for (const task of tasks) {
    const parts = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur!) continue;
      if (!INTERESTING.has(e.name) && !process.env.PROFILE_ALL_EVENTS) continue;
      const key =
        e.name === 'EvaluateScript' || e.name === 'v8.compile'
          ? `${e.name} ${e.args?.data?.url?.split('/').pop() ?? ''}`
          : e.name;
      parts.set(key, (parts.get(key) ?? 0) + e.dur!);
    }
    const summary = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, envNumber('PROFILE_PARTS', 6))
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
      .join(', ');
    console.log(`  at ${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms: ${summary}`);
  }
}
const INTERESTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'Paint',
  'PrePaint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'IntersectionObserverController::computeIntersections',
  'HitTest',
]);

const server = await startServer('profile-page');
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  console.log(`Seeding ${FESTIVAL.venues} venues and ${FESTIVAL.acts} acts`);
  await seedFestival(server.baseUrl, FESTIVAL);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Warm the HTTP cache and the server like a second visit would not: a cold first load each time.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const tasks: { start: number; duration: number; name: string }[] = [];
  await page.addInitScript(`
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        (window.__longTasks ??= []).push({ start: Math.round(e.startTime), duration: Math.round(e.duration), name: e.name });
    }).observe({ type: 'longtask', buffered: true });
  `);
  await cdp.send('Profiler.start');
  await page.goto(`${server.baseUrl}${PATH}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  tasks.push(...(await page.evaluate<typeof tasks>('window.__longTasks ?? []')));
  const dom = await page.evaluate<number>("document.getElementsByTagName('*').length");

  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byUrl = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.replace(server.baseUrl, '') || '(native)';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byUrl.set(file, (byUrl.get(file) ?? 0) + us);
  }
  const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${PATH}: ${ms(total)} ms sampled (CPU slowdown ${SLOWDOWN}x), ${dom} DOM elements`);
  console.log('\nSelf time by script:');
  for (const [url, us] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${ms(us)} ms  ${url}`);
  console.log('\nSelf time by function:');
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms(us)} ms  ${key}`);
  // PROFILE_CALLERS=name: the call paths that lead to a function's self time (a name can mislead:
  // a sample lands in whatever ran last before V8 did work of its own).
  const callersOf = process.env.PROFILE_CALLERS;
  if (callersOf) {
    const parent = new Map<number, ProfilerNode>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
    const paths = new Map<string, number>();
    for (const node of profile.nodes) {
      if (node.callFrame.functionName !== callersOf) continue;
      const chain: string[] = [];
      for (let p = parent.get(node.id); p && chain.length < 8; p = parent.get(p.id))
        chain.push(`${p.callFrame.functionName || '(anonymous)'}:${p.callFrame.lineNumber + 1}`);
      paths.set(chain.join(' < '), (paths.get(chain.join(' < ')) ?? 0) + (self.get(node.id) ?? 0));
    }
    console.log(`\nWhere ${callersOf} was called from (self time):`);
    for (const [path, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${ms(us)} ms  ${path}`);
  }
  console.log('\nLong tasks (ms after navigation start, duration):');
  for (const t of tasks) console.log(`  at ${t.start} ms: ${t.duration} ms`);

  // A second cold load with the browser's trace on: what each long task spent its time on.
  const traced = await context.newPage();
  const tcdp = await context.newCDPSession(traced);
  await tcdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (SLOWDOWN > 1) await tcdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  // With the V8 samples too, for bench/support/trace-tasks.ts (PROFILE_TRACE_FILE=/tmp/page.trace.json).
  const traceFile = process.env.PROFILE_TRACE_FILE;
  await browser.startTracing(traced, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(traceFile ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ],
  });
  await traced.goto(`${server.baseUrl}${PATH}`, { waitUntil: 'networkidle' });
  await traced.waitForTimeout(3000);
  const traceBytes = await browser.stopTracing();
  if (traceFile) writeFileSync(traceFile, traceBytes);
  const trace = JSON.parse(traceBytes.toString()) as { traceEvents: TraceEvent[] };
  printTasks(trace.traceEvents);
} finally {
  await browser.close();
  await server.stop();
}
