import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftMessages } from '../../contract/drafts.js';
import { BODY_LIMIT_BYTES } from '../../server/app.js';
import { issueResetToken } from '../../server/features/auth/reset-tokens.js';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { buildAdmin, buildUser, type BuiltUser } from '../../server/test/builders.js';
import { actBody, buildAct, buildVenue, venueBody } from '../../server/test/catalogue-builders.js';
import {
  anyString,
  authorization,
  nearValidBody,
  pathParam,
  queryString,
  rawBody,
  type RawBody,
} from './support/fuzz-arbitraries.js';
import { roomyRateRules } from './support/actors.js';

/**
 * Attack suite (docs/decisions/0012-attack-suite.md): every /v1 endpoint of the OpenAPI document
 * gets RUNS generated requests (a body, a query string, path parameters and an Authorization header
 * each), from one fixed, printed seed. None may answer 5xx; every 4xx must be the JSON error shape.
 * Most cases are near a valid request, so they get past validation into the handlers and the
 * database.
 *
 * Reproduce a run with ATTACKS_SEED=<seed>; more cases with ATTACKS_FUZZ_RUNS=<n>.
 */
const SEED = Number(process.env.ATTACKS_SEED ?? 20250614);
/**
 * 1,000 cases per endpoint on SQLite; on PostgreSQL, 250 of the same shapes, enough to reach every
 * handler's queries on the second engine at a quarter of the time (docs/decisions/0036-ci-time-budget.md).
 */
const RUNS = Number(process.env.ATTACKS_FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 250 : 1000));
/** Only the endpoints whose "METHOD /path" contains this (to reproduce one): ATTACKS_FUZZ_ROUTE. */
const ONLY = process.env.ATTACKS_FUZZ_ROUTE;

/** Placeholders replaced before each run, for requests that use something up (a token, a row). */
const FRESH_VENUE = '@fresh-venue';
const FRESH_ACT = '@fresh-act';
const FRESH_TOKEN = '@fresh-reset-token';
const FRESH_EMAIL = '@fresh-email';
const FRESH_ANNOUNCEMENT = '@fresh-announcement';
/** The endpoint's finished draft: drafted again when an apply finds the schedule changed since. */
const CURRENT_DRAFT = '@current-draft';

// One pixel, a real PNG: a rich text's inline image is stored in media under its hash.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

interface Spec {
  /** Valid path parameters, by name as in the OpenAPI path. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A successful call ends the session (logout): each run signs in a new user. */
  freshSession?: boolean;
}

interface Context {
  admin: BuiltUser;
  resetUser: BuiltUser;
  venueId: number;
  actId: number;
  mediaHash: string;
  /** A finished draft of the schedule, for the draft routes (made only for them: a solve takes a second). */
  draftId?: number;
}

/** The routes that read the whole catalogue on every valid request: fuzzed first, while it is small. */
const WHOLE_CATALOGUE = /^(GET \/v1\/admin\/matching|\S+ \/v1\/admin\/schedule-drafts)/;

/** The routes whose valid requests name a finished draft. */
const NEEDS_DRAFT = /^\S+ \/v1\/admin\/schedule-drafts\/\{id\}/;

function specs(c: Context): Record<string, Spec> {
  const list = { offset: '0', limit: '100', include_total: 'true', order_by: '-updated_time' };
  const venue = String(c.venueId);
  const act = String(c.actId);
  return {
    'GET /v1/festival': {},
    'POST /v1/auth/signup': {
      body: { name: 'Fuzz Person', email: FRESH_EMAIL, password: 'Porch-Music-9', roles: ['host', 'performer'] },
    },
    'POST /v1/auth/signin': { body: { email: c.admin.user.email, password: c.admin.password } },
    'POST /v1/auth/logout': { body: {}, freshSession: true },
    'POST /v1/auth/forgotpass': { body: { email: c.resetUser.user.email } },
    'POST /v1/auth/validatepasstoken': { body: { email: c.resetUser.user.email, token: FRESH_TOKEN } },
    'POST /v1/auth/updatepass': {
      body: { email: c.resetUser.user.email, token: FRESH_TOKEN, password: 'New-Porch-Pass-7' },
    },
    'GET /v1/test/all': {},
    'GET /v1/test/user': {},
    'GET /v1/test/mod': {},
    'GET /v1/test/admin': {},
    'GET /v1/venues': {
      query: {
        ...list,
        search: 'maple',
        s_preferred_act_types__ilike: 'folk',
        available_slots__slot_def: 'Slot 1',
        available_slots__available_to_schedule: 'true',
        creator_id: String(c.admin.user.id),
      },
    },
    'POST /v1/venues': { body: venueBody() },
    'GET /v1/venues/{id}': { params: { id: venue } },
    'PATCH /v1/venues/{id}': {
      params: { id: venue },
      body: { available_slots: [{ slot_def: 'Slot 1', scheduled_act_id: c.actId }, { slot_def: 'Slot 2' }] },
    },
    'DELETE /v1/venues/{id}': { params: { id: FRESH_VENUE } },
    'PATCH /v1/venues/{id}/no_slots': { params: { id: venue }, body: venueBody() },
    'GET /v1/acts': {
      query: {
        ...list,
        search: 'porch',
        type: 'folk',
        s_preferred_slots__ilike: 'Slot 1',
        creator_id: String(c.admin.user.id),
      },
    },
    'POST /v1/acts': { body: actBody() },
    'GET /v1/acts/{id}': { params: { id: act } },
    'PATCH /v1/acts/{id}': { params: { id: act }, body: actBody() },
    'DELETE /v1/acts/{id}': { params: { id: FRESH_ACT } },
    'GET /v1/acts/unmatched': { query: { venue_id: venue, slot_def: 'Slot 1' } },
    'GET /v1/media/{hash}': { params: { hash: c.mediaHash } },
    'GET /v1/auth/user/{id}/resources': { params: { id: String(c.admin.user.id) } },
    'GET /v1/auth/user/resources': { query: { email: c.admin.user.email } },
    'POST /v1/comments': {
      body: {
        message: '<p>Can we <strong>play</strong> here?</p>',
        entity_id: c.venueId,
        entity_type: 'venue',
        entity_name: 'x',
      },
    },
    'GET /v1/comments': { query: { ...list, entity_id: venue, entity_type: 'venue' } },
    'POST /v1/contact': {
      body: { category: 'general', sender_email: 'fan@example.test', message: '<p>Hello</p>', website: '' },
    },
    'GET /v1/schedule': {},
    'GET /v1/admin/dashboard': {},
    'GET /v1/admin/users': { query: { offset: '0', limit: '25', include_total: 'true', search: 'fuzz', role: 'host' } },
    'PUT /v1/admin/users/{id}/admin': { params: { id: String(c.resetUser.user.id) }, body: { is_admin: true } },
    'GET /v1/admin/audit': { query: { offset: '0', limit: '25' } },
    'GET /v1/admin/settings': {},
    'PUT /v1/admin/settings/schedule-release': { body: { release_at: '2025-05-01T00:00:00-04:00' } },
    'GET /v1/admin/exports/{name}.csv': { params: { name: 'venues' } },
    'GET /v1/admin/rain-date': {},
    'PUT /v1/admin/settings/rain-date': { body: { active: false } },
    'GET /v1/announcements': {},
    'GET /v1/admin/announcements': { query: { offset: '0', limit: '25' } },
    'POST /v1/admin/announcements': {
      body: {
        text: 'Fuzz announcement',
        link_url: 'https://example.org/fuzz',
        level: 'info',
        starts_at: '2025-05-01T08:00:00-04:00',
        ends_at: '2025-06-14T18:00:00-04:00',
      },
    },
    'DELETE /v1/admin/announcements/{id}': { params: { id: FRESH_ANNOUNCEMENT } },
    'GET /v1/admin/mailings/recipients': { query: { audience: 'hosts' } },
    'GET /v1/admin/mailings': { query: { offset: '0', limit: '25' } },
    'POST /v1/admin/mailings': {
      body: { audience: 'everyone', subject: 'Fuzz', format: 'rich', body: '<p>Hello <strong>all</strong></p>' },
    },
    // A fresh act and venue each run, so hiding them leaves the shared ones to the other routes.
    'PUT /v1/admin/acts/{id}/hidden': { params: { id: FRESH_ACT }, body: { hidden: true, reason: 'Fuzz reason' } },
    'PUT /v1/admin/venues/{id}/hidden': {
      params: { id: FRESH_VENUE },
      body: { hidden: true, reason: 'Fuzz reason' },
    },
    'GET /v1/schedule.ics': {},
    'GET /v1/acts/{id}/calendar.ics': { params: { id: act } },
    // Matchmaking: the context's venue (Slot 1 open) and act (preferring Slot 1).
    'GET /v1/venues/{id}/suggestions': { params: { id: venue }, query: { slot_def: 'Slot 1' } },
    'GET /v1/acts/{id}/suggestions': { params: { id: act } },
    'GET /v1/matches/explain': { query: { venue_id: venue, slot_def: 'Slot 1', act_id: act, open_slot: 'true' } },
    'GET /v1/admin/matching': {},
    // One draft solves at a time: most valid cases meet one solving and are refused with a 409.
    'POST /v1/admin/schedule-drafts': { body: { day: 'festival', keep: 'scheduled' } },
    'GET /v1/admin/schedule-drafts/{id}': { params: { id: CURRENT_DRAFT } },
    // The draft's change at the context's venue slot (all of them when `changes` is dropped).
    'POST /v1/admin/schedule-drafts/{id}/apply': {
      params: { id: CURRENT_DRAFT },
      body: { changes: [{ venue_id: c.venueId, slot_def: 'Slot 1' }] },
    },
  };
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; raw: RawBody };

interface Case {
  params: Record<string, string>;
  query: string;
  body: Body;
  authorization: string | undefined;
  extraHeaders: Record<string, string>;
}

const extraHeaders = fc.record(
  {
    'accept-encoding': fc.oneof(
      fc.constantFrom('br', 'gzip', 'br;q=0, gzip;q=0', '*', 'identity;q=0', 'gzip;q=2', 'br;q=abc', ''),
      anyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
    'if-none-match': fc.oneof(
      fc.constantFrom('*', '""', 'W/"x"', '"a", "b"'),
      anyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
  },
  { requiredKeys: [] },
);

function caseArbitrary(method: string, spec: Spec, goodToken: string): fc.Arbitrary<Case> {
  const params = fc.record(Object.fromEntries(Object.entries(spec.params ?? {}).map(([k, v]) => [k, pathParam(v)])));
  const withBody = method !== 'GET';
  const body: fc.Arbitrary<Body> = withBody
    ? fc.oneof(
        { weight: 6, arbitrary: nearValidBody(spec.body ?? {}).map((value): Body => ({ kind: 'json', value })) },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })) },
        { weight: 2, arbitrary: rawBody.map((raw): Body => ({ kind: 'raw', raw })) },
        { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      )
    : fc.constant<Body>({ kind: 'none' });
  return fc.record({
    params,
    query: queryString(spec.query ?? {}),
    body,
    authorization: authorization(goodToken),
    extraHeaders,
  });
}

/** The response body as the client reads it: the generated Accept-Encoding may have had it compressed. */
function bodyText(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  return res.body;
}

function fill(value: unknown, fresh: Map<string, string | number>): unknown {
  if (typeof value === 'string') return fresh.has(value) ? fresh.get(value) : value;
  if (Array.isArray(value)) return value.map((v) => fill(v, fresh));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: fill(v, fresh), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

let t: TestApp;
/** The first endpoint's context, for the check that every endpoint has a spec. */
let c: Context;

/**
 * The rows the valid requests name. Built again for each endpoint: the DELETE cases (and a
 * generated id that happens to match) may have removed the last endpoint's.
 */
async function buildContext(options: { draft?: boolean } = {}): Promise<Context> {
  const admin = await buildAdmin(t.app);
  const resetUser = await buildUser(t.app, { host: true });
  const venueId = await buildVenue(t.app, admin, {
    address: '1 Maple Street',
    bio: `<p>A maple porch</p><p><img src="data:image/png;base64,${PNG}"></p>`,
  });
  const actId = await buildAct(t.app, admin, { name: 'The Porch Fuzz', type: 'folk', preferred_slots: ['Slot 1'] });
  const media = await t.testDb.db.kysely.selectFrom('media').select('sha256').executeTakeFirstOrThrow();
  const draftId = options.draft ? await finishedDraft(admin) : undefined;
  return { admin, resetUser, venueId, actId, mediaHash: media.sha256, draftId };
}

/**
 * A draft of the festival day, solved: made when no other is solving (the fuzzing of
 * POST /v1/admin/schedule-drafts may have started one in the meantime; then wait again).
 */
async function finishedDraft(admin: BuiltUser): Promise<number> {
  for (;;) {
    await t.app.drafts.settled();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/schedule-drafts',
      headers: admin.auth,
      payload: { day: 'festival', keep: 'scheduled' },
    });
    if (res.statusCode === 409) continue;
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<{ id: number }>();
    await t.app.drafts.settled();
    const draft = await t.app.inject({ method: 'GET', url: `/v1/admin/schedule-drafts/${id}`, headers: admin.auth });
    expect(draft.json<{ status: string }>().status, draft.body).toBe('done');
    return id;
  }
}
let endpoints: Array<{ method: string; path: string }>;

beforeAll(async () => {
  // Limits out of the way: a 429 would stop a case before the code under test.
  t = await createTestApp({ rateRules: roomyRateRules(1_000_000) });
  c = await buildContext();
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  endpoints = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      path: path.length > 1 ? path.replace(/\/$/, '') : path,
    })),
  );
});
afterAll(async () => {
  // A draft may still be solving if a test failed before waiting for it.
  await t.app.drafts.settled();
  await t.close();
});

describe(`fuzzing every /v1 endpoint (seed ${SEED}, ${RUNS} cases each)`, () => {
  it('has a request shape for every endpoint of the OpenAPI document', () => {
    const known = specs(c);
    const missing = endpoints.map((e) => `${e.method} ${e.path}`).filter((route) => !(route in known));
    expect(missing, 'endpoints with no fuzz spec').toEqual([]);
  });

  it('never answers 5xx, and every 4xx is a JSON error with error and message', async () => {
    console.log(`fuzz seed: ${SEED} (reproduce with ATTACKS_SEED=${SEED})`);
    const started = Date.now();
    const jobs = endpoints
      .map((endpoint, index) => ({ ...endpoint, index }))
      .filter((j) => !ONLY || `${j.method} ${j.path}`.includes(ONLY));
    // First the reads of the whole catalogue, alone, while it is small: the committee's matching
    // health and a draft of the whole schedule cost the square of the catalogue, and the fuzzing
    // adds thousands of venues and acts (at 1,200 of each, GET /v1/admin/matching takes about a
    // second, holding the event loop); nothing else writes meanwhile, so a draft stays applicable.
    // Then four endpoints at a time (the database waits more than it works); the DELETEs alone at
    // the end, so no generated id can remove a row another endpoint's valid requests name.
    const wholeCatalogue = (j: { method: string; path: string }) => WHOLE_CATALOGUE.test(`${j.method} ${j.path}`);
    const results = await inParallel(jobs.filter(wholeCatalogue), 4, (j) => fuzzEndpoint(j.index, j.method, j.path));
    results.push(
      ...(await inParallel(
        jobs.filter((j) => j.method !== 'DELETE' && !wholeCatalogue(j)),
        4,
        (j) => fuzzEndpoint(j.index, j.method, j.path),
      )),
    );
    results.push(
      ...(await inParallel(
        jobs.filter((j) => j.method === 'DELETE'),
        1,
        (j) => fuzzEndpoint(j.index, j.method, j.path),
      )),
    );
    for (const r of results) console.log(`fuzz ${r.route}: ${r.cases} cases in ${r.ms} ms (${r.histogram})`);
    // The draft fuzzing leaves at most one solve running (a second is refused): wait for it.
    await t.app.drafts.settled();
    const total = results.reduce((sum, r) => sum + r.cases, 0);
    console.log(
      `fuzz: ${total} generated cases over ${jobs.length} endpoints in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}, no 5xx`,
    );
    expect(total).toBe(jobs.length * RUNS);
  });
});

/** JSON nested `depth` levels: arrays, objects, or the two alternating. */
function nested(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  const open = (i: number) => (shape === 'array' || (shape === 'mixed' && i % 2) ? '[' : '{"a":');
  const close = (i: number) => (shape === 'array' || (shape === 'mixed' && i % 2) ? ']' : '}');
  let head = '';
  let tail = '';
  for (let i = 0; i < depth; i++) {
    head += open(i);
    tail = close(i) + tail;
  }
  return `${head}1${tail}`;
}

describe('deep and large JSON bodies on every endpoint that takes a body', () => {
  const DEPTHS = [10, 1_000, 100_000];
  // A JSON string filling the body limit exactly, and one byte more.
  const atLimit = JSON.stringify('a'.repeat(BODY_LIMIT_BYTES - 2));
  const overLimit = JSON.stringify('a'.repeat(BODY_LIMIT_BYTES - 1));

  it('reads an empty body with a JSON content type as no body, on a DELETE too', async () => {
    const own = await buildContext();
    const venueId = await buildVenue(t.app, own.admin);
    for (const payload of ['', '  \n']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: { 'content-type': 'application/json', ...(await buildUser(t.app, { host: true })).auth },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
    }
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/venues/${venueId}`,
      headers: { 'content-type': 'application/json', ...own.admin.auth },
      payload: '',
    });
    console.log(`fuzz empty JSON body: DELETE /v1/venues/{id} -> ${res.statusCode}`);
    expect(res.statusCode).toBe(204);
  });

  it('answers each with a 4xx JSON error (or success), never a 5xx', async () => {
    // Logout last: it ends the session the other requests carry.
    const targets = endpoints
      .filter((e) => e.method !== 'GET')
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    const own = await buildContext();
    for (const { method, path } of targets) {
      const url = path.replace(/\{(\w+)\}/g, () => String(own.venueId));
      const bodies: Array<[string, string]> = [
        ...DEPTHS.flatMap((d) =>
          (['array', 'object', 'mixed'] as const).map((shape): [string, string] => [
            `${shape} depth ${d}`,
            nested(d, shape),
          ]),
        ),
        ['a body at the limit', atLimit],
        ['a body one byte over the limit', overLimit],
      ];
      for (const [name, payload] of bodies) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { 'content-type': 'application/json', ...own.admin.auth },
          payload,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const body = res.headers['content-type']?.toString().startsWith('application/json')
          ? res.json<{ error?: unknown; message?: unknown }>()
          : undefined;
        const shaped = typeof body?.error === 'string' && typeof body.message === 'string';
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !shaped))
          problems.push(`${method} ${path} with ${name} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (name.includes('over the limit') && res.statusCode !== 413)
          problems.push(`${method} ${path} with ${name} -> ${res.statusCode}`);
        if (name.endsWith('depth 100000') && res.statusCode !== 400 && res.statusCode !== 401)
          problems.push(`${method} ${path} with ${name} -> ${res.statusCode}`);
      }
    }
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}x${n}`)
      .join(' ');
    console.log(
      `fuzz deep/large: ${targets.length} endpoints x ${DEPTHS.length * 3 + 2} bodies (depth up to ${DEPTHS.at(-1)}, ` +
        `${BODY_LIMIT_BYTES} bytes and one more): ${histogram}; ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  });
});

async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      results.push(await work(item));
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** RUNS generated requests to one endpoint, from the seed SEED + its index in the OpenAPI document. */
async function fuzzEndpoint(index: number, method: string, path: string) {
  const route = `${method} ${path}`;
  const own = await buildContext({ draft: NEEDS_DRAFT.test(route) });
  const spec = specs(own)[route]!;
  let draftId = own.draftId;
  const statuses = new Map<number, number>();
  const started = Date.now();
  let runs = 0;
  let problem: string | undefined;
  const property = fc.asyncProperty(caseArbitrary(method, spec, own.admin.token), async (generated) => {
    const fresh = new Map<string, string | number>();
    const json = JSON.stringify(generated);
    if (json.includes(FRESH_VENUE)) fresh.set(FRESH_VENUE, String(await buildVenue(t.app, own.admin)));
    if (json.includes(FRESH_ACT)) fresh.set(FRESH_ACT, String(await buildAct(t.app, own.admin)));
    if (json.includes(FRESH_ANNOUNCEMENT)) {
      const posted = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/announcements',
        headers: own.admin.auth,
        payload: {
          text: 'To be deleted',
          level: 'info',
          starts_at: '2025-05-01T08:00:00-04:00',
          ends_at: '2025-05-02T08:00:00-04:00',
        },
      });
      fresh.set(FRESH_ANNOUNCEMENT, String(posted.json<{ id: number }>().id));
    }
    if (json.includes(CURRENT_DRAFT)) fresh.set(CURRENT_DRAFT, String(draftId));
    // Now and then no draft solving, so that a valid request starts one (202) rather than meet
    // one solving (409): the other draft routes' drafts keep one solving at the start.
    if (route === 'POST /v1/admin/schedule-drafts' && runs % 100 === 0) await t.app.drafts.settled();
    if (json.includes(FRESH_TOKEN)) {
      fresh.set(FRESH_TOKEN, await issueResetToken(t.testDb.db.kysely, own.resetUser.user.id, t.clock.now()));
    }
    fresh.set(FRESH_EMAIL, `fuzz-${index}-${runs}@example.test`);
    const params = fill(generated.params, fresh) as Record<string, string>;
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '') + generated.query;
    const headers: Record<string, string> = { ...generated.extraHeaders };
    let auth = generated.authorization;
    if (auth && spec.freshSession) auth = auth.replace(own.admin.token, (await buildUser(t.app, { host: true })).token);
    if (auth !== undefined) headers.authorization = auth;
    const options: InjectOptions = { method: method, url, headers };
    if (generated.body.kind === 'json') {
      options.payload = JSON.stringify(fill(generated.body.value, fresh));
      headers['content-type'] = 'application/json';
    } else if (generated.body.kind === 'raw') {
      options.payload = generated.body.raw.payload;
      if (generated.body.raw.contentType !== undefined) headers['content-type'] = generated.body.raw.contentType;
    }
    runs += 1;
    const res = await t.app.inject(options);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const sent = typeof options.payload === 'string' ? ` with ${options.payload.slice(0, 300)}` : '';
    let text: string;
    try {
      text = bodyText(res);
    } catch (err) {
      problem = `undecodable ${String(res.headers['content-encoding'])} body (${(err as Error).message}): ${method} ${url.slice(0, 300)}`;
      return false;
    }
    const where = `${method} ${url.slice(0, 300)}${sent} -> ${res.statusCode} ${text.slice(0, 300)}`;
    // Another endpoint's writes (its context's venue and act) made the endpoint's draft stale:
    // draft again, as the desk says to, so that the following cases reach the apply itself. (A
    // generated id may name an older draft, stale by the applies since: that one is left so.)
    if (res.statusCode === 409 && params.id === String(draftId) && text.includes(DraftMessages.stale))
      draftId = await finishedDraft(own.admin);
    if (res.statusCode >= 500) {
      problem = where;
      return false;
    }
    if (res.statusCode >= 400) {
      const type = String(res.headers['content-type'] ?? '');
      let body: { error?: unknown; message?: unknown } | undefined;
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = undefined;
      }
      if (!type.startsWith('application/json') || typeof body?.error !== 'string' || typeof body.message !== 'string') {
        problem = `not a JSON error: ${where}`;
        return false;
      }
    }
    return true;
  });
  // The message names the last failing request, which after shrinking is the smallest one found.
  await fc.assert(property, { seed: SEED + index, numRuns: RUNS }).catch((err: Error) => {
    throw new Error(`${route}: ${problem ?? ''}\n${err.message.split('\n').slice(0, 6).join('\n')}`);
  });
  const histogram = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}x${count}`)
    .join(' ');
  return { route, cases: RUNS, ms: Date.now() - started, histogram };
}
