/**
 * `npm run bench`: every benchmark in bench/ in turn, each in its own process, with its figures
 * and targets printed as it goes, then one line per benchmark: targets met or not, and how long
 * it took. Each stops by itself; a safety limit ends one that does not.
 *
 *   npm run bench                              # all of them
 *   npm run bench -- festival-day schedule     # only these
 *   BENCH_SECONDS=10 BENCH_SOAK_SECONDS=60 npm run bench   # shorter runs where a benchmark reads them
 *
 * Exit code 1 when any benchmark missed a target or failed to run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
// Generous: festival-day alone runs about 16 minutes with its 10-minute soak.
const LIMIT_MS = 60 * 60_000;

const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .map((f) => basename(f, '.ts'))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`No such benchmark: ${unknown.join(', ')}. There are: ${all.join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length > 0 ? all.filter((b) => wanted.includes(b)) : all;

const outcomes: string[] = [];
let failed = false;
for (const name of chosen) {
  console.log(`\n== bench/${name}.ts ==`);
  const began = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.ts`)], {
    cwd: root,
    stdio: 'inherit',
    timeout: LIMIT_MS,
    killSignal: 'SIGTERM',
  });
  const seconds = ((Date.now() - began) / 1000).toFixed(0);
  const outcome =
    result.error || result.signal
      ? `did not finish (${result.error?.message ?? result.signal})`
      : result.status === 0
        ? 'targets met'
        : `exit ${result.status}: a target missed or a failure (see above)`;
  failed ||= result.status !== 0;
  outcomes.push(`${name.padEnd(16)}${outcome} (${seconds} s)`);
}

console.log('\n== benchmarks ==');
for (const line of outcomes) console.log(line);
process.exit(failed ? 1 : 0);
