/**
 * What a page's long tasks did, from a trace Lighthouse recorded (bench/festival-pages.ts with
 * BENCH_TRACE_DIR=/tmp/traces). For each main-thread task of at least TRACE_TASK_MS (default 12.5:
 * what Lighthouse's 4x slowdown turns into 50 ms, the start of blocking time), its length, the
 * trace events inside it and the JavaScript functions with the most time in it (from the V8
 * samples in the trace, inclusive). Build the web app unminified for readable names:
 * `npx vite build --minify false`.
 *
 *   npx tsx bench/support/trace-tasks.ts /tmp/traces/-schedule-1700000000000.trace.json
 */
import { readFileSync } from 'node:fs';
import { busiestThread, threadOf, type ProfileNode, type TraceEvent } from './trace-events.js';
import { envNumber } from './env-number.js';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/support/trace-tasks.ts TRACE.json');
const TASK_MS = envNumber('TRACE_TASK_MS', 12.5);
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

// The page's main thread: the CrRendererMain thread with the most task time.
const rendererMains = new Set(
  events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf),
);
const main = busiestThread(events, (thread) => rendererMains.has(thread));
if (!main) throw new Error('no renderer main thread in the trace');
const onMain = events.filter((e) => threadOf(e) === main);
const complete = onMain.filter((e) => e.ph === 'X' && e.dur !== undefined);
const tasks = complete.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
const navStart = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]!.ts;

// The V8 samples: ProfileChunk events carry nodes (with parents), sample ids and time deltas.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
const [mainPid] = main.split(':');
for (const e of events) {
  if (e.name !== 'ProfileChunk' || String(e.pid) !== mainPid) continue;
  for (const node of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  let ts = e.ts;
  const ids = e.args?.data?.cpuProfile?.samples ?? [];
  const deltas = e.args?.data?.timeDeltas ?? [];
  ids.forEach((id, i) => {
    ts += deltas[i] ?? 0;
    samples.push({ ts, node: id });
  });
}
samples.sort((a, b) => a.ts - b.ts);

const frameName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${(n.callFrame.lineNumber ?? 0) + 1}`;

function functionsIn(start: number, end: number): string {
  const inclusive = new Map<string, number>();
  let count = 0;
  for (const s of samples) {
    if (s.ts < start || s.ts > end) continue;
    count++;
    const seen = new Set<string>();
    for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
      const n = nodes.get(id);
      if (!n || n.callFrame.functionName === '(root)' || !n.callFrame.url) continue;
      const key = frameName(n);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
    }
  }
  if (count === 0) return '';
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, envNumber('TRACE_FUNCTIONS', 8))
    .map(([k, n]) => `${k} ${Math.round((100 * n) / count)}%`)
    .join('\n      ');
}

let blocking = 0;
console.log(`${file}: ${tasks.length} tasks on the main thread`);
for (const task of tasks) {
  const ms = task.dur! / 1000;
  if (ms < TASK_MS) continue;
  blocking += Math.max(0, ms * 4 - 50);
  const end = task.ts + task.dur!;
  const parts = new Map<string, number>();
  for (const e of complete) {
    if (e === task || e.ts < task.ts || e.ts + e.dur! > end || e.dur! < 500) continue;
    const key = e.args?.data?.url ? `${e.name} ${e.args.data.url.split('/').pop()}` : e.name;
    parts.set(key, (parts.get(key) ?? 0) + e.dur!);
  }
  const summary = [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`)
    .join(', ');
  console.log(
    `\n  at ${((task.ts - navStart) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms (x4: ${(ms * 4).toFixed(0)}): ${summary}`,
  );
  const fns = functionsIn(task.ts, end);
  if (fns) console.log(`      ${fns}`);
}
console.log(`\nThese tasks at 4x: ${blocking.toFixed(0)} ms over 50 ms each (a rough total blocking time)`);
