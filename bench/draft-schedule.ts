/**
 * The committee's draft schedule at festival scale (issue 25, "Speed and quality"). For each of
 * two generated festivals (bench/support/festival-generator.ts, fixed seed: 400 porches x 4 slots
 * with 600 acts, and 120 porches with 250 acts), seeded through the API into the app running in a
 * process of its own (bench/support/app-child.ts: the server compiled by tsc), with no set
 * scheduled, an admin drafts the festival day (POST /v1/admin/schedule-drafts {day: 'festival',
 * keep: 'scheduled'}) and polls the draft to its end. Then, as an extra line without targets, the
 * hosts save a plan of sets (planSets: a third of the slots) and the admin drafts the rain day
 * keeping them. Stops by itself.
 *
 *   npx tsx bench/draft-schedule.ts                                  # SQLite, both festivals
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/draft-schedule.ts   # a scratch PostgreSQL database each
 *   BENCH_PORCHES=40 BENCH_ACTS=60 npx tsx bench/draft-schedule.ts   # one festival of that size (the small one's targets)
 *   BENCH_FESTIVALS=small npx tsx bench/draft-schedule.ts            # only the small one (or: large)
 *   BENCH_RAIN=0 npx tsx bench/draft-schedule.ts                     # without the rain-day draft
 *   BENCH_FROM_SOURCE=1 npx tsx bench/draft-schedule.ts              # the app from source (tsx), no tsc build
 *
 * Prints, for each festival, beside their targets:
 * - solve time: the draft's own `solve_ms` (the solver's time, in its worker thread) and the wall
 *   time from the POST to the poll that saw it done (polled every 100 ms). Target: both <= 60 s for
 *   the large festival, <= 10 s for the small;
 * - proven optimal, or the gap the draft reports. Target: optimal, or a gap <= 1%;
 * - acts placed by the draft against a greedy baseline on the same data: the venue slots in a fixed
 *   order (venue id, then slot), each given the first of the hosts' own ranking (suggestActs of
 *   server/features/matching/suggest.ts, as the slots editor suggests) on a FitWorld holding every
 *   choice made before it: hosts choosing one slot at a time. A second greedy, the same but taking
 *   the first act of the ranking that has no set yet (hosts who share one list of acts still
 *   without a porch), is a stronger baseline; the draft is held to both. The data is read from the
 *   app's database with the server's own loadFitData, so ids and fields are the server's. Target:
 *   the draft places at least as many as either;
 * - hard-rule violations in the draft's schedule (kept, new and moved sets), checked by
 *   test/support/schedule-rules.ts, which shares no code with the solver or the fit model. Target 0;
 * - the longest round trip of a cheap GET (GET /v1/schedule with If-None-Match, a 304) sent every
 *   20 ms from this process while the draft solves, and the app's event loop's longest wait
 *   (monitorEventLoopDelay in the app's process) over the same time. Target: round trip <= 100 ms.
 *   (Pings answered after the poll that saw the draft done are left out: this process then parses
 *   the whole draft, and its own pause is not the server's.)
 * Exit code 1 when a target is missed.
 */
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { SLOT_DEFS } from '../contract/enums.js';
import type { Draft, DraftAssignment } from '../contract/drafts.js';
import { openDb, type Db } from '../server/db/connection.js';
import { setAdmin } from '../server/features/auth/queries.js';
import { loadFestivalConfig } from '../server/features/festival/load.js';
import {
  FitWorld,
  type FitAct,
  type FitFestival,
  type FitVenue,
  type Placement,
} from '../server/features/matching/fit.js';
import { suggestActs } from '../server/features/matching/suggest.js';
import { allContacts, loadFitData } from '../server/features/matching/world.js';
import { createEmptyDatabase } from '../server/test/database.js';
import { checkSchedule, countByRule, type ScheduledSet } from '../test/support/schedule-rules.js';
import { serverToRun, startAppChild, type AppChild, type LoopDelay } from './support/app-child.js';
import {
  describeFestival,
  generateFestival,
  LARGE_FESTIVAL,
  planSets,
  SMALL_FESTIVAL,
  type FestivalShape,
} from './support/festival-generator.js';
import {
  call,
  closeConnections,
  GENERATED_PASSWORD,
  savePlan,
  seedGeneratedFestival,
  send,
} from './support/seed-generated.js';
import { envNumber } from './support/env-number.js';

const TARGET_GAP = 0.01;
const TARGET_PING_MS = 100;
const PING_EVERY_MS = 20;
const POLL_EVERY_MS = 100;

interface Size {
  label: string;
  shape: FestivalShape;
  targetSeconds: number;
}

function sizes(): Size[] {
  if (process.env.BENCH_PORCHES || process.env.BENCH_ACTS) {
    const porches = envNumber('BENCH_PORCHES', SMALL_FESTIVAL.porches);
    const acts = envNumber('BENCH_ACTS', SMALL_FESTIVAL.acts);
    return [{ label: `${porches}x${acts}`, shape: { porches, acts }, targetSeconds: 10 }];
  }
  const all: Size[] = [
    { label: 'large', shape: LARGE_FESTIVAL, targetSeconds: 60 },
    { label: 'small', shape: SMALL_FESTIVAL, targetSeconds: 10 },
  ];
  const wanted = process.env.BENCH_FESTIVALS?.split(',').map((s) => s.trim());
  return wanted ? all.filter((s) => wanted.includes(s.label)) : all;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (gap: number) => `${(100 * gap).toFixed(2)}%`;
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const sleep = (time: number) => new Promise((r) => setTimeout(r, time));

// ---------------------------------------------------------------------------------------------
// The greedy baseline: hosts filling one slot at a time with the top of their ranking.

interface Greedy {
  placed: number;
  sets: Placement[];
  ms: number;
}

/**
 * Goes through the open venue slots in a fixed order (venue id, then slot) and gives each the first
 * act of the hosts' ranking (suggestActs, as the slots editor shows it) on a world holding the
 * sets given and every choice made so far. `onlyUnplaced` takes the first act of the ranking that
 * has no set yet instead. A slot with no eligible act stays empty.
 */
function greedySchedule(
  festival: FitFestival,
  venues: readonly FitVenue[],
  acts: readonly FitAct[],
  contacts: ReadonlySet<string>,
  rain: boolean,
  given: readonly Placement[],
  onlyUnplaced: boolean,
): Greedy {
  const started = performance.now();
  const sets: Placement[] = [...given];
  const taken = new Set(given.map((p) => `${p.venue_id}|${p.slot}`));
  const order = [...venues].filter((v) => !v.hidden).sort((a, b) => a.id - b.id);
  let world = new FitWorld(festival, venues, acts, rain, sets);
  for (const venue of order) {
    for (const slot of SLOT_DEFS) {
      if (!venue.slots.has(slot) || taken.has(`${venue.id}|${slot}`)) continue;
      const inTouch = (performerId: number) => contacts.has(`${venue.owner_id}|${performerId}`);
      const ranked = suggestActs(world, venue.id, slot, inTouch, onlyUnplaced ? acts.length : 1).data;
      const pick = onlyUnplaced ? ranked.find((s) => world.setsOf(s.act_id).length === 0) : ranked[0];
      if (!pick) continue;
      sets.push({ venue_id: venue.id, slot, act_id: pick.act_id });
      taken.add(`${venue.id}|${slot}`);
      // The fit model's world is built from its sets: the next choice sees this one.
      world = new FitWorld(festival, venues, acts, rain, sets);
    }
  }
  return { placed: new Set(sets.map((p) => p.act_id)).size, sets, ms: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------
// One draft through the API, with pings while it solves.

/** The pings' own connections, apart from the polls'. */
const pingAgent = new Agent({ keepAlive: true, maxSockets: 64 });

/** GET /v1/schedule with If-None-Match (when an ETag is known); answers the status. */
function revalidate(base: string, etag: string | undefined): Promise<number> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (etag) headers['if-none-match'] = etag;
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL('/v1/schedule', base), { headers, agent: pingAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface DraftRun {
  draft: Draft;
  wallMs: number;
  pings: number[];
  pingMax: number;
  /** When the slowest ping was sent, after the POST. */
  slowestAtMs: number;
  /** The app's loop stalls past 40 ms during the solve, from the POST (bench/support/app-child.ts). */
  stalls: Array<{ atMs: number; lateMs: number; activeMs: number }>;
  loop: LoopDelay;
  /** The same pings and the loop for a second before the draft: the machine's own noise. */
  idle: { pingMax: number; pings: number; loopMax: number };
  /** Distinct acts in the drafted schedule (kept, new, moved), counted here. */
  placed: number;
  violations: ReturnType<typeof checkSchedule>;
  sets: ScheduledSet[];
}

async function runDraft(
  app: AppChild,
  adminToken: string,
  day: 'festival' | 'rain',
  data: { venues: FitVenue[]; acts: FitAct[] },
  festival: FitFestival,
): Promise<DraftRun> {
  const base = app.baseUrl;
  // The cheap GET: the public schedule, revalidated (a 304 once its ETag is known).
  const first = await call(base, 'GET', '/v1/schedule');
  if (first.status !== 200) throw new Error(`GET /v1/schedule answered ${first.status}`);
  const etag = first.headers.etag;
  const pinging = () => {
    const pings: Array<Promise<{ sentAt: number; endedAt: number; rtt: number }>> = [];
    const timer = setInterval(() => {
      const sentAt = performance.now();
      pings.push(
        revalidate(base, etag).then((status) => {
          if (status !== 200 && status !== 304) throw new Error(`A ping answered ${status}`);
          const endedAt = performance.now();
          return { sentAt, endedAt, rtt: endedAt - sentAt };
        }),
      );
    }, PING_EVERY_MS);
    return {
      /** Stops sending; the round trips of the pings answered by `until`. */
      async stop(until = Infinity) {
        clearInterval(timer);
        return (await Promise.all(pings)).filter((p) => p.endedAt <= until);
      },
    };
  };

  // The machine's own noise: the same pings for a second with no draft.
  await sleep(200);
  await app.ask('loop:reset');
  const idlePings = pinging();
  await sleep(1000);
  const idleRtts = (await idlePings.stop()).map((p) => p.rtt);
  await sleep(100);
  const idleLoop = await app.ask('loop:read');

  await app.ask('loop:reset');
  await app.ask('stalls:reset');
  const pings = pinging();
  const posted = performance.now();
  let draft: Draft;
  let doneAt = Infinity;
  let answered: Array<{ sentAt: number; rtt: number }>;
  try {
    const created = await send(202, base, 'POST', '/v1/admin/schedule-drafts', {
      body: { day, keep: 'scheduled' },
      token: adminToken,
    });
    for (;;) {
      await sleep(POLL_EVERY_MS);
      const answer = await call(base, 'GET', `/v1/admin/schedule-drafts/${Number(created.id)}`, { token: adminToken });
      if (answer.status !== 200) throw new Error(`GET the draft answered ${answer.status}`);
      draft = answer.body as Draft;
      if (draft.status !== 'solving') {
        doneAt = performance.now();
        break;
      }
    }
  } finally {
    // Pings answered after the poll that saw it done waited for this process's own parse.
    answered = await pings.stop(doneAt);
  }
  const rtts = answered.map((p) => p.rtt);
  const slowest = answered.reduce((a, b) => (b.rtt > a.rtt ? b : a), answered[0] ?? { sentAt: NaN, rtt: NaN });
  // A block that ends with the last answer is recorded when the monitor's timer next fires.
  await sleep(100);
  const loop = await app.ask('loop:read');
  const stalls = (await app.ask('stalls:read')).map((st) => ({
    atMs: st.atEpochMs - (performance.timeOrigin + posted),
    lateMs: st.lateMs,
    activeMs: st.activeMs,
  }));
  if (draft.status !== 'done') throw new Error(`The draft ${draft.status}: ${draft.error ?? ''}`);

  const playing = draft.assignments.filter((a: DraftAssignment) => a.change !== 'removed');
  const sets = playing.map((a) => ({ venue_id: a.venue_id, slot: a.slot_def, act_id: a.act_id }));
  const kept = playing
    .filter((a) => a.change === 'kept')
    .map((a) => ({ venue_id: a.venue_id, slot: a.slot_def, act_id: a.act_id }));
  const violations = checkSchedule({
    venues: data.venues,
    acts: data.acts,
    sets,
    kept,
    day,
    rules: { earshot_m: festival.matching.earshot_m, max_walk_m: festival.matching.max_walk_m },
  });
  return {
    draft,
    wallMs: doneAt - posted,
    idle: { pingMax: Math.max(...idleRtts), pings: idleRtts.length, loopMax: idleLoop.maxMs },
    pings: rtts,
    slowestAtMs: slowest.sentAt - posted,
    stalls,
    pingMax: rtts.length > 0 ? Math.max(...rtts) : NaN,
    loop,
    placed: new Set(sets.map((s) => s.act_id)).size,
    violations,
    sets,
  };
}

// ---------------------------------------------------------------------------------------------

interface Outcome {
  label: string;
  targetSeconds: number;
  run: DraftRun;
  greedy: Greedy;
  greedyUnplaced: Greedy;
  rain?: { run: DraftRun; greedy: Greedy; greedyUnplaced: Greedy; kept: number };
}

function printRun(title: string, run: DraftRun, greedy: Greedy, greedyUnplaced: Greedy) {
  const d = run.draft;
  const changes = { kept: 0, new: 0, moved: 0, removed: 0 };
  for (const a of d.assignments) changes[a.change]++;
  console.log(`  ${title}:`);
  console.log(
    `    solve_ms ${seconds(d.solve_ms ?? NaN)}, POST to done ${seconds(run.wallMs)}; ` +
      `${d.optimal ? 'proven optimal' : `not proven optimal, gap ${pct(d.gap ?? NaN)}`}`,
  );
  console.log(
    `    placed ${run.placed} acts (the draft says ${d.placed}; ${d.unplaced.length} unplaced), ` +
      `${changes.kept} kept, ${changes.new} new, ${changes.moved} moved, ${changes.removed} removed sets; ` +
      `porches used ${d.before?.porches_used ?? '?'} -> ${d.after?.porches_used ?? '?'}, soft breaks ${d.after?.soft_breaks ?? '?'}`,
  );
  console.log(
    `    greedy, hosts' top suggestion: ${greedy.placed} acts (${greedy.sets.length} sets, ${seconds(greedy.ms)} to compute); ` +
      `greedy, top suggestion without a set yet: ${greedyUnplaced.placed} acts (${greedyUnplaced.sets.length} sets)`,
  );
  const counts = countByRule(run.violations);
  console.log(
    `    hard-rule violations (test/support/schedule-rules.ts): ${run.violations.length}` +
      (run.violations.length > 0
        ? ` ${JSON.stringify(counts)}; first: ${run.violations
            .slice(0, 3)
            .map((v) => v.detail)
            .join(' | ')}`
        : ''),
  );
  const sorted = [...run.pings].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? NaN;
  console.log(
    `    cheap GET every ${PING_EVERY_MS} ms while solving: ${run.pings.length} answered, longest ${ms(run.pingMax)} (sent ${seconds(run.slowestAtMs)} after the POST), p99 ${ms(p99)}; ` +
      `app event loop longest wait ${ms(run.loop.maxMs)} (p99 ${ms(run.loop.p99Ms)})`,
  );
  const worst = [...run.stalls].sort((a, b) => b.lateMs - a.lateMs).slice(0, 5);
  console.log(
    `    app loop stalls past 40 ms: ${run.stalls.length}` +
      (worst.length > 0
        ? `; longest: ${worst
            .map((st) => `${ms(st.lateMs)} at ${seconds(st.atMs)} (loop busy ${ms(st.activeMs)} of it)`)
            .join(', ')}`
        : ''),
  );
  console.log(
    `    the same for 1 s before the draft (the machine's noise): ${run.idle.pings} answered, longest ${ms(run.idle.pingMax)}; ` +
      `app event loop longest wait ${ms(run.idle.loopMax)}`,
  );
}

async function benchFestival(
  size: Size,
  config: ReturnType<typeof loadFestivalConfig>,
  from: string,
): Promise<Outcome> {
  const festival = generateFestival({
    ...size.shape,
    ...(config.map ? { center: config.map.center, bounds: config.map.bounds } : {}),
  });
  const plan = planSets(festival, { earshotM: config.matching.earshot_m, maxWalkM: config.matching.max_walk_m });
  console.log(`\n== ${size.label} festival: ${describeFestival(festival)}`);

  const empty = await createEmptyDatabase('drafts');
  const engine = 'databaseUrl' in empty.options ? 'PostgreSQL' : 'SQLite';
  let app: AppChild | undefined;
  let db: Db | undefined;
  try {
    app = await startAppChild(empty.options, { from });
    console.log(
      `App process ${app.child.pid} (${app.from === 'build' ? 'built by tsc' : 'from source'}, ${engine}, solver time limit ${config.matching.solver_time_limit_s} s); seeding through the API with no sets…`,
    );
    const seeded = await seedGeneratedFestival(app.baseUrl, festival, { log: null });
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s`);

    // The committee: an account made admin as `npm run admin -- grant` does (setAdmin), on the
    // app's own database; the role is read on every request, so its session works at once.
    const email = `committee-s${festival.shape.seed}@porchfest.example.org`;
    const session = await send(201, app.baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Committee Chair', email, password: GENERATED_PASSWORD, roles: ['host'] },
      from: '127.0.0.250',
    });
    const adminToken = String(session.jwt_token);
    db = openDb(empty.options);
    if (!(await setAdmin(db.kysely, email, true, new Date()))) throw new Error('Could not make the committee admin');

    const fitFestival: FitFestival = { slots: config.slots, matching: config.matching };
    const read = async () => {
      const [data, contacts] = await Promise.all([loadFitData(db!.kysely), allContacts(db!.kysely)]);
      return { ...data, contacts };
    };

    // The festival day, nothing scheduled.
    const data = await read();
    const greedy = greedySchedule(fitFestival, data.venues, data.acts, data.contacts, false, [], false);
    const greedyUnplaced = greedySchedule(fitFestival, data.venues, data.acts, data.contacts, false, [], true);
    // Other work on the machine shows in the loop and the pings: say how busy it was.
    console.log(
      `  machine: ${availableParallelism()} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min) before the draft`,
    );
    const run = await runDraft(app, adminToken, 'festival', data, fitFestival);
    printRun('festival day, keep scheduled (nothing scheduled)', run, greedy, greedyUnplaced);
    const outcome: Outcome = { label: size.label, targetSeconds: size.targetSeconds, run, greedy, greedyUnplaced };

    if (process.env.BENCH_RAIN !== '0') {
      await savePlan(app.baseUrl, festival, seeded, plan);
      const rainData = await read();
      const current = [...new FitWorld(fitFestival, rainData.venues, rainData.acts, false).placements()];
      const byId = {
        v: new Map(rainData.venues.map((v) => [v.id, v])),
        a: new Map(rainData.acts.map((a) => [a.id, a])),
      };
      // What a rain-day draft keeps: the sets whose porch and act are both available that day.
      const kept = current.filter((p) => byId.v.get(p.venue_id)!.rain_ok && byId.a.get(p.act_id)!.rain_ok);
      const args = [fitFestival, rainData.venues, rainData.acts, rainData.contacts, true, kept] as const;
      const rainGreedy = greedySchedule(...args, false);
      const rainGreedyUnplaced = greedySchedule(...args, true);
      const rainRun = await runDraft(app, adminToken, 'rain', rainData, fitFestival);
      printRun(
        `rain day, keep scheduled (${plan.length} sets saved by the hosts, ${kept.length} can still happen; no targets)`,
        rainRun,
        rainGreedy,
        rainGreedyUnplaced,
      );
      outcome.rain = { run: rainRun, greedy: rainGreedy, greedyUnplaced: rainGreedyUnplaced, kept: kept.length };
    }
    return outcome;
  } finally {
    await db?.close();
    closeConnections();
    await app?.stop();
    await empty.drop();
  }
}

async function main(): Promise<void> {
  const config = loadFestivalConfig('festival.config.json');
  const from = serverToRun();
  const outcomes: Outcome[] = [];
  try {
    for (const size of sizes()) outcomes.push(await benchFestival(size, config, from));
  } finally {
    pingAgent.destroy();
  }

  const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`\nTargets (festival day, keep scheduled, nothing scheduled before; ${engine}):`);
  let allMet = true;
  const line = (label: string, what: string, value: string, target: string, ok: boolean) => {
    allMet &&= ok;
    console.log(`  ${label.padEnd(8)}${what.padEnd(44)}${value.padEnd(30)}${target.padEnd(30)}${verdict(ok)}`);
  };
  for (const o of outcomes) {
    const d = o.run.draft;
    const solveMs = d.solve_ms ?? Infinity;
    line(
      o.label,
      'solve time (solve_ms / POST to done)',
      `${seconds(solveMs)} / ${seconds(o.run.wallMs)}`,
      `<= ${o.targetSeconds} s`,
      solveMs <= o.targetSeconds * 1000 && o.run.wallMs <= o.targetSeconds * 1000,
    );
    line(
      o.label,
      'proven optimal, or the gap',
      d.optimal ? 'optimal' : `gap ${pct(d.gap ?? NaN)}`,
      `optimal or gap <= ${pct(TARGET_GAP)}`,
      d.optimal || (d.gap ?? Infinity) <= TARGET_GAP,
    );
    const best = Math.max(o.greedy.placed, o.greedyUnplaced.placed);
    line(
      o.label,
      "acts placed: draft vs greedy (hosts' top)",
      `${o.run.placed} vs ${o.greedy.placed} (${signed(o.run.placed - o.greedy.placed)})`,
      'draft >= greedy',
      o.run.placed >= o.greedy.placed,
    );
    line(
      o.label,
      'acts placed: draft vs greedy (no set yet)',
      `${o.run.placed} vs ${o.greedyUnplaced.placed} (${signed(o.run.placed - o.greedyUnplaced.placed)})`,
      'draft >= greedy',
      o.run.placed >= best,
    );
    line(
      o.label,
      'hard-rule violations in the draft',
      String(o.run.violations.length),
      '0',
      o.run.violations.length === 0,
    );
    line(
      o.label,
      'longest cheap GET during the solve',
      `${ms(o.run.pingMax)} (app loop ${ms(o.run.loop.maxMs)})`,
      `<= ${TARGET_PING_MS} ms`,
      o.run.pingMax <= TARGET_PING_MS,
    );
  }
  const rainy = outcomes.filter((o) => o.rain);
  if (rainy.length > 0) {
    console.log('Rain day, keep scheduled, after the hosts saved a third of the slots (no targets):');
    for (const o of rainy) {
      const r = o.rain!;
      const d = r.run.draft;
      console.log(
        `  ${o.label.padEnd(8)}solve ${seconds(d.solve_ms ?? NaN)} / ${seconds(r.run.wallMs)}, ${d.optimal ? 'optimal' : `gap ${pct(d.gap ?? NaN)}`}, ` +
          `${r.run.placed} acts placed (${r.kept} sets kept) vs greedy ${r.greedy.placed} / ${r.greedyUnplaced.placed}, ` +
          `${r.run.violations.length} violations, longest GET ${ms(r.run.pingMax)} (app loop ${ms(r.run.loop.maxMs)})`,
      );
    }
  }
  if (!allMet) process.exitCode = 1;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

await main();
