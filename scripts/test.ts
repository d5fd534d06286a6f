// `npm test`: every check CI runs. `npm run check`: the quicker loop for day-to-day work (static
// checks, unit, web, API on SQLite). Before any stage, `npm test` provisions what it needs where it
// can (Chromium, a PostgreSQL server at hand) or stops at once with the one command to run.
// Independent stages run side by side in groups (see docs/decisions/0021-the-next-maintainers-house.md).
// A failed build stops the run (every later stage needs it); any other failure lets the later stages
// run, so one run tells every failure. Prints one line per stage, then each failed test with the
// first lines of its message, and, last, one line alone with the totals: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromiumMissing, findChromium, INSTALL_CHROMIUM } from '../e2e/support/chromium-path.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = join(root, 'test-results', 'vitest');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const quick = process.argv[2] === 'check';
const isRoot = process.getuid?.() === 0;

interface Outcome {
  ok: boolean;
  /** Tests counted by vitest; a static check counts none. */
  passed: number;
  failed: number;
  skipped: number;
  summary: string;
  /** Each failed test: its file, name and the first lines of its message. */
  failures: string[];
}

interface Stage {
  name: string;
  /** Why the stage does not run, when it does not. */
  skip?: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** vitest's JSON report, for the counts; none for a static check. */
  report?: string;
  /** When this stage fails, no later stage runs (the build: every later stage needs it). */
  gate?: boolean;
}

function stop(message: string): never {
  console.error(`\n${message}`);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// --- Provisioning: before any stage, so a missing browser costs seconds, not the whole run. ---

/** Chromium for the e2e stage: found, installed (root with apt-get, as on CI), or a stop. */
function provisionChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (!process.env.CHROMIUM_PATH && isRoot && commandExists('apt-get')) {
    console.log("Chromium not found: installing Debian's chromium (apt-get, as root)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
        : update;
    const installed = install.status === 0 ? findChromium() : undefined;
    if (installed) return installed;
    stop(`Installing Chromium failed. Run: ${INSTALL_CHROMIUM}`);
  }
  stop(`${chromiumMissing()}\n(npm test installs it by itself only when run as root on a machine with apt-get.)`);
}

/**
 * Debian's nginx for the proxy test (test/faults/nginx-cache.test.ts, PostgreSQL only): found, or
 * installed as root with apt-get, as on CI. Without it that test fails and says what to run.
 */
function provisionNginx(): void {
  if (commandExists('nginx') || existsSync('/usr/sbin/nginx')) return;
  if (!isRoot || !commandExists('apt-get')) {
    console.log('nginx: not installed (the proxy test will say so): apt-get install -y nginx');
    return;
  }
  console.log("nginx not found: installing Debian's nginx (apt-get, as root)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A PostgreSQL server for the second engine: TEST_DATABASE_URL, else the machine's first
 * cluster (Debian's pg_lsclusters), started and given the tests' password when running as
 * root, as CI does. Undefined, with the reason, when there is none at hand.
 */
async function provisionPostgres(): Promise<{ url?: string; why: string }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    if (await accepts(given)) return { url: given, why: 'TEST_DATABASE_URL' };
    stop(`TEST_DATABASE_URL does not accept connections: ${given.replace(/\/\/[^@]*@/, '//…@')}`);
  }
  if (!commandExists('pg_lsclusters')) return { why: 'TEST_DATABASE_URL is not set and no PostgreSQL is installed' };
  const clusters = () =>
    (spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean);
  if (clusters().length === 0 && isRoot) {
    const versions = existsSync('/usr/lib/postgresql')
      ? spawnSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' }).stdout
      : '';
    const version = versions
      .split('\n')
      .filter(Boolean)
      .sort((a, b) => Number(a) - Number(b))
      .pop();
    if (version) spawnSync('pg_createcluster', [version, 'main'], { stdio: 'ignore' });
  }
  const first = clusters()[0];
  if (!first) return { why: 'TEST_DATABASE_URL is not set and pg_lsclusters lists no cluster' };
  const [version = '', cluster = '', port = '', status = ''] = first.trim().split(/\s+/);
  if (status !== 'online') {
    if (!isRoot) return { why: `PostgreSQL ${version}/${cluster} is ${status}: start it, or set TEST_DATABASE_URL` };
    console.log(`starting PostgreSQL ${version}/${cluster} on port ${port}`);
    spawnSync('pg_ctlcluster', [version, cluster, 'start'], { stdio: 'inherit' });
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 60 && !(await accepts(url)); i++) {
    // The tests log in over TCP with a password (Debian's pg_hba asks for one on 127.0.0.1).
    if (isRoot && i === 0)
      spawnSync(
        'runuser',
        ['-u', 'postgres', '--', 'psql', '-q', '-p', port, '-c', "ALTER USER postgres PASSWORD 'postgres'"],
        {
          cwd: '/tmp',
          stdio: 'ignore',
        },
      );
    await new Promise((r) => setTimeout(r, 500));
  }
  if (await accepts(url)) return { url, why: `local cluster ${version}/${cluster}` };
  return { why: `PostgreSQL ${version}/${cluster} on port ${port} refused postgres:postgres: set TEST_DATABASE_URL` };
}

// --- Stages ---

function npmScript(name: string, script: string): Stage {
  return { name, command: 'npm', args: ['run', '--silent', script], env: process.env };
}

/**
 * Timing faults: files that measure how fast the app answers while something else goes wrong
 * (event-loop delay, a locked database). They run alone, each engine in turn; the other fault
 * files run side by side (docs/decisions/0036-ci-time-budget.md).
 */
const TIMING_FAULTS = ['test/faults/event-loop.test.ts', 'test/faults/locked-database.test.ts'];

/**
 * The stored-XSS walk: the longest browser file, which keeps the cores busy with its own three
 * pages. It runs alone; the other browser files run later, two at a time, beside the fault files.
 */
const XSS_E2E = 'e2e/xss-rendered.test.ts';

/** SIGKILL rounds per engine in `npm test` (the test alone defaults to 20). */
const CI_KILL_ROUNDS = 8;
/** Fuzz cases per endpoint in `npm test`'s SQLite pass (the test alone defaults to 1,000). */
const CI_FUZZ_RUNS = 500;

/** Which of a project's files a stage runs: only these, or all but these. */
interface FileChoice {
  only?: string[];
  except?: string[];
}

function vitest(name: string, project: string, env: NodeJS.ProcessEnv, files: FileChoice = {}): Stage {
  const report = join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.json`);
  return {
    name,
    command: process.execPath,
    args: [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      project,
      // A project with no test files yet is not a failure; a file that fails to load is.
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(files.except ?? []).map((file) => `--exclude=${file}`),
      ...(files.only ?? []),
    ],
    env,
    report,
  };
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** The first lines of a failure message, without colour codes: enough to tell what broke. */
function firstLines(message: string, count = 6): string {
  return (
    message
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      // The test runner's own frames say nothing about what broke.
      .filter((line) => !/^\s*at (.*node_modules|new Promise)/.test(line))
      .slice(0, count)
      .map((line) => `      ${line}`)
      .join('\n')
  );
}

/** Each failed test of a report, and each file that failed with no test to show for it. */
function failuresOf(report: VitestJson | undefined): string[] {
  const failures: string[] = [];
  for (const file of report?.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(`  ${path} > ${test.fullName}\n${firstLines(test.failureMessages?.join('\n') ?? '')}`);
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`  ${path}\n${firstLines(file.message ?? 'the file failed with no failed test')}`);
  }
  return failures;
}

function outcome(stage: Stage, status: number): Outcome {
  if (!stage.report) {
    const ok = status === 0;
    return { ok, passed: 0, failed: 0, skipped: 0, summary: ok ? 'ok' : 'FAILED', failures: [] };
  }
  let counts: VitestJson | undefined;
  if (existsSync(stage.report)) counts = JSON.parse(readFileSync(stage.report, 'utf8')) as VitestJson;
  const passed = counts?.numPassedTests ?? 0;
  let failed = counts?.numFailedTests ?? 0;
  const skipped = (counts?.numPendingTests ?? 0) + (counts?.numTodoTests ?? 0);
  // A file that fails to load, a hook that throws or an unhandled error fails the run with
  // no failed test to show for it: count it, so the totals never read "0 failed" on a failure.
  if (status !== 0 && failed === 0) failed = Math.max(1, counts?.numFailedTestSuites ?? 0);
  const ok = status === 0 && failed === 0;
  return {
    ok,
    passed,
    failed,
    skipped,
    summary: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
    failures: failuresOf(counts),
  };
}

/**
 * Runs one stage. Alone in its group its output streams as it comes; beside others it is
 * collected and printed whole when the stage ends, so two stages' logs never interleave.
 */
function runStage(stage: Stage, alone: boolean): Promise<{ outcome: Outcome; seconds: string }> {
  if (stage.report) rmSync(stage.report, { force: true });
  const began = Date.now();
  return new Promise((done) => {
    const child = spawn(stage.command, stage.args, { cwd: root, env: stage.env, stdio: alone ? 'inherit' : 'pipe' });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (status: number) => {
      if (!alone) process.stdout.write(`\n== ${stage.name} ==\n${Buffer.concat(output).toString()}`);
      done({ outcome: outcome(stage, status), seconds: ((Date.now() - began) / 1000).toFixed(1) });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`Could not run ${stage.command}: ${err.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

function withoutPostgres(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let postgres: { url?: string; why: string } = { why: 'not part of npm run check' };
  if (!quick) {
    env.CHROMIUM_PATH = provisionChromium();
    postgres = await provisionPostgres();
    if (!postgres.url && inCi)
      stop(`CI=true but no PostgreSQL is at hand (${postgres.why}): the API tests must also run on PostgreSQL.`);
    console.log(`Chromium: ${env.CHROMIUM_PATH}`);
    console.log(postgres.url ? `PostgreSQL: ${postgres.why}` : `PostgreSQL: none (${postgres.why})`);
    if (postgres.url) provisionNginx();
  }
  process.env.CHROMIUM_PATH = env.CHROMIUM_PATH;
  const sqlite = withoutPostgres();
  const onPostgres: NodeJS.ProcessEnv = { ...sqlite, TEST_DATABASE_URL: postgres.url };
  // The SIGKILL test's kill rounds, sized to the run's time budget: each restart costs 10-15 s
  // while the group's other stages hold the cores, so 20 rounds made it the longest stage
  // (docs/decisions/0036-ci-time-budget.md). FAULTS_KILLS=20 runs the test's full default.
  const kills = { FAULTS_KILLS: process.env.FAULTS_KILLS ?? String(CI_KILL_ROUNDS) };
  // Fuzz cases per endpoint on SQLite (the test alone sends 1,000; PostgreSQL gets 250 either way).
  const fuzz = { ATTACKS_FUZZ_RUNS: process.env.ATTACKS_FUZZ_RUNS ?? String(CI_FUZZ_RUNS) };
  const pgSkip = postgres.url ? undefined : postgres.why;
  const lint = existsSync(join(root, 'eslint.config.js')) ? undefined : 'no eslint.config.js';
  const format = existsSync(join(root, '.prettierrc')) ? undefined : 'no .prettierrc';

  // Each inner list runs side by side on the two cores; the lists run one after another.
  const statics: Stage[] = [
    npmScript('typecheck', 'typecheck'),
    { ...npmScript('lint', 'lint'), skip: lint },
    { ...npmScript('format', 'format:check'), skip: format },
  ];
  const groups: Stage[][] = quick
    ? [statics, [vitest('unit', 'unit', sqlite), vitest('web', 'web', sqlite), vitest('api (sqlite)', 'api', sqlite)]]
    : [
        statics,
        [{ ...npmScript('build', 'build'), gate: true }, vitest('unit', 'unit', sqlite), vitest('web', 'web', sqlite)],
        [vitest('api (sqlite)', 'api', sqlite), { ...vitest('api (postgres)', 'api', onPostgres), skip: pgSkip }],
        // The attacks, faults and browser files start the built server (the build above made it).
        // Chromium raises its browser and GPU processes' priority (nice -8), so a browser stage
        // beside a stage of Node processes that need the cores slows that stage several times
        // over: the attacks took 185 s alone and 800 s beside the stored-XSS walk. The walk, the
        // longest browser file, runs alone. The fault files mostly wait on processes they kill,
        // restart and mail through: they run beside the other browser files, which fill those
        // waits. The timing faults measure how fast the app answers: alone, one engine at a time.
        [
          vitest('attacks (sqlite)', 'attacks', { ...sqlite, ...fuzz }),
          { ...vitest('attacks (postgres)', 'attacks', onPostgres), skip: pgSkip },
        ],
        [vitest('e2e (stored XSS)', 'e2e', sqlite, { only: [XSS_E2E] })],
        [vitest('timing faults (sqlite)', 'faults', sqlite, { only: TIMING_FAULTS })],
        [{ ...vitest('timing faults (postgres)', 'faults', onPostgres, { only: TIMING_FAULTS }), skip: pgSkip }],
        [
          vitest('faults (sqlite)', 'faults', { ...sqlite, ...kills }, { except: TIMING_FAULTS }),
          {
            ...vitest('faults (postgres)', 'faults', { ...onPostgres, ...kills }, { except: TIMING_FAULTS }),
            skip: pgSkip,
          },
          vitest('e2e', 'e2e', sqlite, { except: [XSS_E2E] }),
        ],
      ];

  mkdirSync(reportDir, { recursive: true });
  const lines: string[] = [];
  const failures: string[] = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let stopped = false;
  const startedAt = Date.now();
  for (const group of groups) {
    const running = group.filter((stage) => !stopped && !stage.skip);
    if (running.length > 0) console.log(`\n== ${running.map((stage) => stage.name).join(' + ')} ==`);
    const results: { stage: Stage; outcome?: Outcome; seconds?: string }[] = await Promise.all(
      group.map(async (stage) =>
        running.includes(stage) ? { stage, ...(await runStage(stage, running.length === 1)) } : { stage },
      ),
    );
    for (const { stage, outcome: result, seconds } of results) {
      if (!result) {
        lines.push(stopped ? `${stage.name}: not run (the build failed)` : `${stage.name}: skipped (${stage.skip})`);
        continue;
      }
      const line = `${stage.name}: ${result.summary} (${seconds} s)`;
      console.log(line);
      lines.push(line);
      passed += result.passed;
      skipped += result.skipped;
      // A failed static check or build counts as one failure in the totals.
      failed += result.ok ? result.failed : Math.max(1, result.failed);
      if (!result.ok)
        failures.push(`${stage.name}:`, ...(result.failures.length ? result.failures : ['  (see its output above)']));
      if (!result.ok && stage.gate) stopped = true;
    }
  }

  console.log(`\n== summary (${((Date.now() - startedAt) / 1000).toFixed(0)} s) ==`);
  for (const line of lines) console.log(line);
  if (failures.length > 0) console.log(`\n== failures ==\n${failures.join('\n')}\n`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 || stopped ? 1 : 0);
}

await main();
