import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { actBody, venueBody } from '../../server/test/catalogue-builders.js';
import { ACTORS, buildWorld, roomyRateRules, type Actor, type Target, type World } from './support/actors.js';
import { changedTables, clearTables, snapshot } from './support/snapshot.js';

/**
 * Attack suite (docs/decisions/0012-attack-suite.md): every mutating endpoint, the test endpoints
 * and the two private reads, against every kind of caller. Each cell's expected status is written
 * below; the test fails when the OpenAPI document lists a mutating or /v1/test endpoint this table
 * lacks, or the table names one that no longer exists. A denied cell must leave every table as it
 * was.
 *
 * "owner" and "other owner" follow the row: for a venue route the venue's host and a host with
 * a venue of their own, for an act route the act's performer and a performer with another act.
 * Neither has the other role. "expired", "forged" and "alg none" carry the owner's claims: a
 * token 12 hours and a minute old, one signed with another secret, one not signed at all.
 */
const TABLE = `
  route                                  | anonymous | performer | host | host+performer | other owner | owner | admin | expired | forged | alg none
  POST   /v1/auth/signup                 | 201       | 201       | 201  | 201            | 201         | 201   | 201   | 201     | 201    | 201
  POST   /v1/auth/signin                 | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  POST   /v1/auth/logout                 | 401       | 200       | 200  | 200            | 200         | 200   | 200   | 401     | 401    | 401
  POST   /v1/auth/forgotpass             | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  POST   /v1/auth/validatepasstoken      | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  POST   /v1/auth/updatepass             | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  POST   /v1/venues                      | 401       | 403       | 201  | 201            | 201         | 201   | 201   | 401     | 401    | 401
  PATCH  /v1/venues/{id}/no_slots        | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  PATCH  /v1/venues/{id}                 | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  DELETE /v1/venues/{id}                 | 401       | 403       | 403  | 403            | 403         | 204   | 204   | 401     | 401    | 401
  POST   /v1/acts                        | 401       | 201       | 403  | 201            | 201         | 201   | 201   | 401     | 401    | 401
  PATCH  /v1/acts/{id}                   | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  DELETE /v1/acts/{id}                   | 401       | 403       | 403  | 403            | 403         | 204   | 204   | 401     | 401    | 401
  POST   /v1/comments                    | 401       | 201       | 201  | 201            | 201         | 201   | 201   | 401     | 401    | 401
  GET    /v1/comments                    | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  POST   /v1/contact                     | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  GET    /v1/auth/user/resources         | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  GET    /v1/test/all                    | 200       | 200       | 200  | 200            | 200         | 200   | 200   | 200     | 200    | 200
  GET    /v1/test/user                   | 401       | 200       | 200  | 200            | 200         | 200   | 200   | 401     | 401    | 401
  GET    /v1/test/mod                    | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/test/admin                  | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/dashboard             | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/users                 | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  PUT    /v1/admin/users/{id}/admin      | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/audit                 | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/exports/{name}.csv    | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/settings              | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  PUT    /v1/admin/settings/schedule-release | 401   | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/rain-date             | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  PUT    /v1/admin/settings/rain-date    | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/announcements         | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  POST   /v1/admin/announcements         | 401       | 403       | 403  | 403            | 403         | 403   | 201   | 401     | 401    | 401
  DELETE /v1/admin/announcements/{id}    | 401       | 403       | 403  | 403            | 403         | 403   | 204   | 401     | 401    | 401
  GET    /v1/admin/mailings/recipients   | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/admin/mailings              | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  POST   /v1/admin/mailings              | 401       | 403       | 403  | 403            | 403         | 403   | 201   | 401     | 401    | 401
  PUT    /v1/admin/acts/{id}/hidden      | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  PUT    /v1/admin/venues/{id}/hidden    | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  GET    /v1/venues/{id}/suggestions     | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  GET    /v1/acts/{id}/suggestions       | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  GET    /v1/matches/explain             | 401       | 403       | 403  | 403            | 403         | 200   | 200   | 401     | 401    | 401
  GET    /v1/admin/matching              | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  POST   /v1/admin/schedule-drafts       | 401       | 403       | 403  | 403            | 403         | 403   | 202   | 401     | 401    | 401
  GET    /v1/admin/schedule-drafts/{id}  | 401       | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
  POST   /v1/admin/schedule-drafts/{id}/apply | 401  | 403       | 403  | 403            | 403         | 403   | 200   | 401     | 401    | 401
`;

/**
 * Private reads kept in the table beside the writes: messages to an owner, the lookup by e-mail
 * (admins, and the owner's own address), the committee's desk, the matchmaking suggestions and
 * explanations (an owner's or an admin's) and the committee's drafts.
 */
const PRIVATE_READS = new Set([
  'GET /v1/comments',
  'GET /v1/auth/user/resources',
  'GET /v1/admin/dashboard',
  'GET /v1/admin/users',
  'GET /v1/admin/audit',
  'GET /v1/admin/exports/{name}.csv',
  'GET /v1/admin/settings',
  'GET /v1/admin/rain-date',
  'GET /v1/admin/announcements',
  'GET /v1/admin/mailings/recipients',
  'GET /v1/admin/mailings',
  'GET /v1/venues/{id}/suggestions',
  'GET /v1/acts/{id}/suggestions',
  'GET /v1/matches/explain',
  'GET /v1/admin/matching',
  'GET /v1/admin/schedule-drafts/{id}',
]);

type Sent = { url: string; payload?: Record<string, unknown> };

interface Request {
  target: Target;
  /** May prepare what the request names (a draft) first: it runs before the tables are snapshot. */
  send(w: World): Sent | Promise<Sent>;
  /** What an allowed answer must also hold, beyond its status: a problem, or nothing. */
  allowed?(body: unknown): string | undefined;
}

let emails = 0;
const freshEmail = () => `matrix-${++emails}-${process.pid}@example.test`;

/**
 * A finished draft of the world's schedule, made by its admin: one per world, since a denial
 * changes nothing the draft was made from (and making a draft writes no table), so it stays
 * applicable until the admin's cell applies it, after which the next cell has a new world.
 */
const drafts = new WeakMap<World, number>();
async function doneDraft(w: World): Promise<number> {
  const known = drafts.get(w);
  if (known !== undefined) return known;
  // One draft solves at a time: wait for any other (a 409 otherwise).
  await t.app.drafts.settled();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/schedule-drafts',
    headers: w.headers('admin', 'venue'),
    payload: { day: 'festival', keep: 'scheduled' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ id: number }>();
  await t.app.drafts.settled();
  const draft = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/schedule-drafts/${id}`,
    headers: w.headers('admin', 'venue'),
  });
  expect(draft.json<{ status: string }>().status, draft.body).toBe('done');
  drafts.set(w, id);
  return id;
}

/** A request each route would carry out for a caller it allows: a denial is the policy's, not the input's. */
const REQUESTS: Record<string, Request> = {
  'POST /v1/auth/signup': {
    target: 'venue',
    send: () => ({
      url: '/v1/auth/signup',
      payload: { name: 'Matrix Person', email: freshEmail(), password: 'Porch-Music-9', roles: ['host'] },
    }),
  },
  'POST /v1/auth/signin': {
    target: 'venue',
    send: (w) => ({
      url: '/v1/auth/signin',
      payload: { email: w.venueOwner.user.email, password: w.venueOwner.password },
    }),
  },
  'POST /v1/auth/logout': { target: 'venue', send: () => ({ url: '/v1/auth/logout' }) },
  'POST /v1/auth/forgotpass': {
    target: 'venue',
    send: (w) => ({ url: '/v1/auth/forgotpass', payload: { email: w.venueOwner.user.email } }),
  },
  'POST /v1/auth/validatepasstoken': {
    target: 'venue',
    send: (w) => ({
      url: '/v1/auth/validatepasstoken',
      payload: { email: w.venueOwner.user.email, token: w.resetToken },
    }),
  },
  'POST /v1/auth/updatepass': {
    target: 'venue',
    send: (w) => ({
      url: '/v1/auth/updatepass',
      payload: { email: w.venueOwner.user.email, token: w.resetToken, password: 'New-Porch-Pass-7' },
    }),
  },
  'POST /v1/venues': { target: 'venue', send: () => ({ url: '/v1/venues', payload: venueBody() }) },
  'PATCH /v1/venues/{id}/no_slots': {
    target: 'venue',
    send: (w) => ({
      url: `/v1/venues/${w.venueId}/no_slots`,
      payload: venueBody({ address: '99 Changed Street' }),
    }),
  },
  'PATCH /v1/venues/{id}': {
    target: 'venue',
    send: (w) => ({
      url: `/v1/venues/${w.venueId}`,
      payload: { available_slots: [{ slot_def: 'Slot 1', scheduled_act_id: w.actId }, { slot_def: 'Slot 3' }] },
    }),
  },
  'DELETE /v1/venues/{id}': { target: 'venue', send: (w) => ({ url: `/v1/venues/${w.venueId}` }) },
  'POST /v1/acts': { target: 'act', send: () => ({ url: '/v1/acts', payload: actBody() }) },
  'PATCH /v1/acts/{id}': {
    target: 'act',
    send: (w) => ({ url: `/v1/acts/${w.actId}`, payload: actBody({ name: 'A Changed Name' }) }),
  },
  'DELETE /v1/acts/{id}': { target: 'act', send: (w) => ({ url: `/v1/acts/${w.actId}` }) },
  'POST /v1/comments': {
    target: 'venue',
    send: (w) => ({
      url: '/v1/comments',
      payload: { message: '<p>Could we play on your porch?</p>', entity_id: w.venueId, entity_type: 'venue' },
    }),
  },
  'GET /v1/comments': {
    target: 'venue',
    send: (w) => ({ url: `/v1/comments?entity_id=${w.venueId}&entity_type=venue&include_total=true` }),
  },
  'POST /v1/contact': {
    target: 'venue',
    send: () => ({
      url: '/v1/contact',
      payload: { category: 'general', sender_email: freshEmail(), message: '<p>When is the rain date?</p>' },
    }),
  },
  'GET /v1/auth/user/resources': {
    target: 'venue',
    send: (w) => ({ url: `/v1/auth/user/resources?email=${encodeURIComponent(w.venueOwner.user.email)}` }),
  },
  'GET /v1/test/all': { target: 'venue', send: () => ({ url: '/v1/test/all' }) },
  'GET /v1/test/user': { target: 'venue', send: () => ({ url: '/v1/test/user' }) },
  'GET /v1/test/mod': { target: 'venue', send: () => ({ url: '/v1/test/mod' }) },
  'GET /v1/test/admin': { target: 'venue', send: () => ({ url: '/v1/test/admin' }) },
  'GET /v1/admin/dashboard': { target: 'venue', send: () => ({ url: '/v1/admin/dashboard' }) },
  'GET /v1/admin/users': { target: 'venue', send: () => ({ url: '/v1/admin/users?include_total=true' }) },
  // Granting admin to the venue's owner: a refusal must leave users (and audit_log) unchanged.
  'PUT /v1/admin/users/{id}/admin': {
    target: 'venue',
    send: (w) => ({ url: `/v1/admin/users/${w.venueOwner.user.id}/admin`, payload: { is_admin: true } }),
  },
  'GET /v1/admin/audit': { target: 'venue', send: () => ({ url: '/v1/admin/audit' }) },
  'GET /v1/admin/exports/{name}.csv': { target: 'venue', send: () => ({ url: '/v1/admin/exports/venues.csv' }) },
  'GET /v1/admin/settings': { target: 'venue', send: () => ({ url: '/v1/admin/settings' }) },
  'PUT /v1/admin/settings/schedule-release': {
    target: 'venue',
    send: () => ({ url: '/v1/admin/settings/schedule-release', payload: { release_at: '2030-01-01T09:00:00-05:00' } }),
  },
  'GET /v1/admin/rain-date': { target: 'venue', send: () => ({ url: '/v1/admin/rain-date' }) },
  'PUT /v1/admin/settings/rain-date': {
    target: 'venue',
    send: () => ({ url: '/v1/admin/settings/rain-date', payload: { active: true } }),
  },
  'GET /v1/admin/announcements': { target: 'venue', send: () => ({ url: '/v1/admin/announcements' }) },
  // A refused post or delete must leave announcements (and audit_log) unchanged.
  'POST /v1/admin/announcements': {
    target: 'venue',
    send: () => ({
      url: '/v1/admin/announcements',
      payload: {
        text: 'Lemonade on every porch',
        link_url: 'https://example.org/',
        level: 'warning',
        starts_at: '2025-05-01T08:00:00-04:00',
        ends_at: '2025-06-14T18:00:00-04:00',
      },
    }),
  },
  'DELETE /v1/admin/announcements/{id}': {
    target: 'venue',
    send: (w) => ({ url: `/v1/admin/announcements/${w.announcementId}` }),
  },
  'GET /v1/admin/mailings/recipients': {
    target: 'venue',
    send: () => ({ url: '/v1/admin/mailings/recipients?audience=everyone' }),
  },
  'GET /v1/admin/mailings': { target: 'venue', send: () => ({ url: '/v1/admin/mailings' }) },
  // A mail to everyone: a refusal must leave mailings, outbox and audit_log unchanged.
  'POST /v1/admin/mailings': {
    target: 'venue',
    send: () => ({
      url: '/v1/admin/mailings',
      payload: { audience: 'everyone', subject: 'Matrix', format: 'text', body: 'Hello' },
    }),
  },
  // Hiding the act or venue, its owner included: a refusal must leave acts, venues, outbox and
  // audit_log unchanged.
  'PUT /v1/admin/acts/{id}/hidden': {
    target: 'act',
    send: (w) => ({ url: `/v1/admin/acts/${w.actId}/hidden`, payload: { hidden: true, reason: 'Matrix' } }),
  },
  'PUT /v1/admin/venues/{id}/hidden': {
    target: 'venue',
    send: (w) => ({ url: `/v1/admin/venues/${w.venueId}/hidden`, payload: { hidden: true, reason: 'Matrix' } }),
  },
  // Matchmaking: "owner" is the venue's host (its Slot 1 is open) or the act's performer.
  'GET /v1/venues/{id}/suggestions': {
    target: 'venue',
    send: (w) => ({ url: `/v1/venues/${w.venueId}/suggestions?slot_def=Slot%201` }),
  },
  'GET /v1/acts/{id}/suggestions': { target: 'act', send: (w) => ({ url: `/v1/acts/${w.actId}/suggestions` }) },
  // Asked as the venue's host, as the slots editor does (open_slot). The act's performer may ask
  // too; that side is in server/features/matching/matching.test.ts, as a row has one owner.
  'GET /v1/matches/explain': {
    target: 'venue',
    send: (w) => ({
      url: `/v1/matches/explain?venue_id=${w.venueId}&slot_def=Slot%201&act_id=${w.actId}&open_slot=true`,
    }),
  },
  'GET /v1/admin/matching': { target: 'venue', send: () => ({ url: '/v1/admin/matching' }) },
  // Drafting the festival day: a refusal starts no solve; a 202 starts one, waited for below.
  'POST /v1/admin/schedule-drafts': {
    target: 'venue',
    send: async () => {
      await t.app.drafts.settled();
      return { url: '/v1/admin/schedule-drafts', payload: { day: 'festival', keep: 'scheduled' } };
    },
  },
  'GET /v1/admin/schedule-drafts/{id}': {
    target: 'venue',
    send: async (w) => ({ url: `/v1/admin/schedule-drafts/${await doneDraft(w)}` }),
  },
  // Applying every change of a real draft of this world: a refusal must leave venue_slots,
  // outbox and audit_log unchanged.
  'POST /v1/admin/schedule-drafts/{id}/apply': {
    target: 'venue',
    send: async (w) => ({ url: `/v1/admin/schedule-drafts/${await doneDraft(w)}/apply`, payload: {} }),
    // The draft places the act (and the other owner's) on the world's open porches: a real apply.
    allowed: (body) => ((body as { applied?: number }).applied! > 0 ? undefined : 'the draft applied no change'),
  },
};

interface Row {
  route: string;
  method: string;
  expected: Record<Actor, number>;
}

function parseTable(table: string): Row[] {
  const [header, ...lines] = table
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()));
  expect(header?.slice(1), 'the table has one column per actor, in ACTORS order').toEqual([...ACTORS]);
  return lines.map((cells) => {
    const route = (cells[0] ?? '').replace(/\s+/, ' ');
    const statuses = cells.slice(1).map(Number);
    expect(statuses, `${route}: one 3-digit status per actor`).toHaveLength(ACTORS.length);
    return {
      route,
      method: route.split(' ')[0]!,
      expected: Object.fromEntries(ACTORS.map((actor, i) => [actor, statuses[i]!])) as Record<Actor, number>,
    };
  });
}

const ROWS = parseTable(TABLE);
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

let t: TestApp;
beforeAll(async () => {
  // Generous limits: the table is about who may, not how often.
  t = await createTestApp({ rateRules: roomyRateRules(10_000) });
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('covers every mutating and /v1/test endpoint of the OpenAPI document, and nothing that is gone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const listed = new Set<string>();
    const mustCover = new Set<string>();
    for (const [path, operations] of Object.entries(paths)) {
      const clean = path.length > 1 ? path.replace(/\/$/, '') : path;
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${clean}`;
        listed.add(route);
        if (MUTATING.has(method) || clean.startsWith('/v1/test/')) mustCover.add(route);
      }
    }
    const inTable = new Set(ROWS.map((r) => r.route));
    expect(
      [...mustCover].filter((r) => !inTable.has(r)),
      'endpoints the matrix does not cover',
    ).toEqual([]);
    expect(
      [...inTable].filter((r) => !listed.has(r)),
      'matrix rows with no such endpoint',
    ).toEqual([]);
    expect(Object.keys(REQUESTS).sort()).toEqual([...inTable].sort());
    expect([...PRIVATE_READS].every((r) => inTable.has(r))).toBe(true);
  });

  it(`answers every cell as the table says, and a denial changes no table (${ROWS.length} routes x ${ACTORS.length} actors)`, async () => {
    const failures: string[] = [];
    let cells = 0;
    let denials = 0;
    let cacheChecked = 0;
    for (const row of ROWS) {
      const request = REQUESTS[row.route]!;
      await clearTables(t.testDb.db);
      // A denial changes nothing (that is what is checked), so its world serves the next cell;
      // a write that succeeded (a delete, a logout, a used reset token) gets the next cell a new one.
      let world = await buildWorld(t.app);
      let used = false;
      for (const actor of ACTORS) {
        if (used) world = await buildWorld(t.app);
        const want = row.expected[actor];
        used = want < 400 && row.method !== 'GET';
        const { url, payload } = await request.send(world);
        const before = want >= 400 ? await snapshot(t.testDb.db) : undefined;
        const res = await t.app.inject({
          method: row.method as 'GET',
          url,
          headers: world.headers(actor, request.target),
          ...(payload ? { payload } : {}),
        });
        // A draft started by the cell solves in a thread: done before the tables are read or cleared.
        await t.app.drafts.settled();
        cells += 1;
        const where = `${row.route} as ${actor}`;
        // A private answer is never stored: anything sent with Authorization, and the sign-in,
        // sign-up and reset answers whoever asks.
        const sentAuthorization = 'authorization' in world.headers(actor, request.target);
        const privateRoute = /\/v1\/auth\/(signin|signup|forgotpass|validatepasstoken|updatepass)$/.test(row.route);
        if (sentAuthorization || privateRoute) {
          cacheChecked += 1;
          if (res.headers['cache-control'] !== 'no-store')
            failures.push(`${where}: Cache-Control ${String(res.headers['cache-control'])}, expected no-store`);
        }
        if (res.statusCode !== want) {
          failures.push(`${where}: ${res.statusCode}, expected ${want} (${res.body.slice(0, 200)})`);
          continue;
        }
        if (!before) {
          const problem = request.allowed?.(res.json());
          if (problem) failures.push(`${where}: ${problem} (${res.body.slice(0, 200)})`);
          continue;
        }
        denials += 1;
        const body = res.json<{ error?: unknown; message?: unknown; code?: unknown }>();
        const code = want === 401 ? 'unauthenticated' : 'forbidden';
        if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.code !== code) {
          failures.push(`${where}: the ${want} is not a JSON error with code ${code}: ${res.body}`);
        }
        // Per-user write limits count every write a user sends, denied ones too (a denial still
        // costs the server a request): the counter is the one row a denial may add.
        const changed = changedTables(before, await snapshot(t.testDb.db)).filter((c) => !c.startsWith('rate_limits'));
        if (changed.length > 0) failures.push(`${where}: denied with ${want} but changed ${changed.join(', ')}`);
      }
    }
    console.log(
      `authorization matrix: ${cells} cells (${ROWS.length} routes x ${ACTORS.length} actors), ${denials} denials with the database unchanged, ${cacheChecked} private answers with Cache-Control: no-store`,
    );
    expect(failures).toEqual([]);
    expect(cells).toBe(ROWS.length * ACTORS.length);
  });
});
