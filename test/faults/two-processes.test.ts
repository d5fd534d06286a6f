import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../e2e/support/server.js';
import type { Db } from '../../server/db/connection.js';
import { loadMigrations, migrate } from '../../server/db/migrate.js';
import { openDb } from '../../server/db/connection.js';
import { startSmtpSink, type SmtpSink } from '../../server/test/smtp-sink.js';
import { freePorts, startAppProcess, type AppProcess } from './support/app-process.js';
import { createBlankDb, faultsEngine, type BlankDb } from './support/blank-db.js';
import { requestJson, type JsonResponse } from './support/http.js';
import { actBody, venueBody } from '../support/bodies.js';

/**
 * Scale past one machine (docs/decisions/0013-festival-day-operations.md): two app processes (the
 * built server, two ports) on one PostgreSQL, sharing nothing but the database and JWT_SECRET,
 * configured exactly as docs/deploying.md says (TRUST_PROXY=127.0.0.1 behind the proxy, SMTP_URL,
 * DATABASE_URL).
 */
const MAILS = 100;
const PASSWORD = 'Two-Process-pass1';

let blank: BlankDb;
let smtp: SmtpSink;
let db: Db;
let a: AppProcess;
let b: AppProcess;
const agent = new Agent({ keepAlive: true });
let ip = 0;
const nextIp = () => `198.51.100.${++ip % 250}`;

function call(
  server: AppProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  return requestJson(agent, server.baseUrl, method, path, {
    body,
    headers: { 'x-forwarded-for': nextIp(), ...headers },
  });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signup(server: AppProcess, email: string, roles: string[]): Promise<{ id: number; token: string }> {
  const res = await call(server, 'POST', '/v1/auth/signup', {
    name: `Person ${email.split('@')[0]}`,
    email,
    password: PASSWORD,
    roles,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const body = res.body as { id: number; jwt_token: string };
  return { id: body.id, token: body.jwt_token };
}

describe.skipIf(faultsEngine !== 'postgres')('two app processes on one PostgreSQL', () => {
  beforeAll(async () => {
    ensureBuilt();
    blank = await createBlankDb();
    smtp = await startSmtpSink();
    // Both start at once on an empty database: each runs the migrations at start.
    const options = { database: blank.options, smtpUrl: smtp.url, env: { TRUST_PROXY: '127.0.0.1' } };
    const [portA, portB] = await freePorts(2);
    [a, b] = await Promise.all([
      startAppProcess({ ...options, port: portA }),
      startAppProcess({ ...options, port: portB }),
    ]);
    db = blank.open();
  });
  afterAll(async () => {
    agent.destroy();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await blank?.destroy();
  });

  it('applies each migration once when the processes start together, and when four migrate at once', async () => {
    const expected = loadMigrations().map((m) => m.version);
    const applied = await db.kysely.selectFrom('schema_migrations').select('version').orderBy('version').execute();
    expect(applied.map((r) => r.version)).toEqual(expected);

    // A sharper race than two process starts: four connections migrating one empty database at the same moment.
    const raced = await createBlankDb();
    const connections = Array.from({ length: 4 }, () => openDb(raced.options));
    try {
      const results = await Promise.all(connections.map((c) => migrate(c)));
      expect(results.flat().sort((x, y) => x - y)).toEqual(expected);
      const rows = await connections[0]!.kysely.selectFrom('schema_migrations').select('version').execute();
      expect(rows).toHaveLength(expected.length);
      console.log(
        `[faults] two processes: both started on an empty database; 4 concurrent migrate() calls applied ${expected.length} migrations once each (${results.map((r) => r.length).join('+')})`,
      );
    } finally {
      for (const c of connections) await c.close();
      await raced.destroy();
    }
  });

  it('takes a session made on one process on the other, and a logout on one ends it on both', async () => {
    const { token } = await signup(a, 'session.person@faults.test', ['host']);
    expect((await call(b, 'GET', '/v1/test/user', undefined, bearer(token))).status).toBe(200);
    expect((await call(a, 'GET', '/v1/test/user', undefined, bearer(token))).status).toBe(200);

    const signedIn = await call(b, 'POST', '/v1/auth/signin', {
      email: 'session.person@faults.test',
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    const second = (signedIn.body as { jwt_token: string }).jwt_token;
    expect((await call(a, 'GET', '/v1/test/user', undefined, bearer(second))).status).toBe(200);

    expect((await call(b, 'POST', '/v1/auth/logout', undefined, bearer(second))).status).toBe(200);
    // Logout ends every session of the user (token_version), on every process.
    for (const server of [a, b]) {
      for (const t of [token, second])
        expect((await call(server, 'GET', '/v1/test/user', undefined, bearer(t))).status).toBe(401);
    }
  });

  it('counts failed sign-ins across both: 10 failures split over the two, then the 11th on either is 429', async () => {
    const email = 'limited.person@faults.test';
    await signup(a, email, ['performer']);
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/v1/auth/signin', { email, password: 'Wrong-pass1!' }, from);
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventhOnA = await call(a, 'POST', '/v1/auth/signin', { email, password: 'Wrong-pass1!' }, from);
    const eleventhOnB = await call(b, 'POST', '/v1/auth/signin', { email, password: PASSWORD }, from);
    expect([eleventhOnA.status, eleventhOnB.status]).toEqual([429, 429]);
    expect(eleventhOnB.headers['retry-after']).toBeDefined();
    console.log(
      `[faults] two processes: sign-in failures ${statuses.join(',')} alternating A/B, then A ${eleventhOnA.status}, B ${eleventhOnB.status}`,
    );
  });

  it(`delivers ${MAILS} mails queued through both processes exactly once, with both workers running`, async () => {
    const at = new Date();
    const emails = Array.from({ length: MAILS }, (_, i) => `outbox-${i}@faults.test`);
    // The accounts are set-up, not the subject: straight into the database.
    await db.kysely
      .insertInto('users')
      .values(
        emails.map((email, i) => ({
          email,
          name: `Outbox Person ${i}`,
          password_hash: 'not-a-real-hash',
          is_host: false,
          is_performer: true,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const before = smtp.messages.length;
    const startedAt = Date.now();
    // Half through each process, all at once: each request nudges its own process's worker, so
    // both workers claim from the same rows at the same time.
    const answers = await Promise.all(
      emails.map((email, i) => call(i % 2 === 0 ? a : b, 'POST', '/v1/auth/forgotpass', { email })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(MAILS).fill(200));

    const deadline = Date.now() + 90_000;
    while (smtp.messages.length - before < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const deliveredMs = Date.now() - startedAt;
    // Both workers poll every 2 s: wait out two more polls for any second delivery.
    await new Promise((r) => setTimeout(r, 4_500));

    const received = smtp.messages.slice(before);
    const perRecipient = new Map<string, number>();
    for (const m of received) for (const to of m.envelopeTo) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    const sent = await db.kysely.selectFrom('outbox').select('id').where('status', '=', 'sent').execute();
    console.log(
      `[faults] two processes: ${MAILS} reset mails queued (${MAILS / 2} through each), ${received.length} delivered in ${deliveredMs} ms ` +
        `to ${perRecipient.size} recipients, ${twice.length} delivered twice; ${sent.length} outbox rows sent`,
    );
    expect(twice).toEqual([]);
    expect(received).toHaveLength(MAILS);
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect(sent).toHaveLength(MAILS);
  });

  it('never serves a stale schedule on one process after a change through the other', async () => {
    const host = await signup(a, 'schedule.host@faults.test', ['host']);
    const performer = await signup(b, 'schedule.performer@faults.test', ['performer']);
    const venue = await call(
      a,
      'POST',
      '/v1/venues',
      venueBody('1 Two Process Lane', {
        bio: '<p>Shared porch</p>',
        available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
      }),
      bearer(host.token),
    );
    expect(venue.status).toBe(201);
    const venueId = (venue.body as { id: number }).id;
    const band = { bio: '<p>Both ports</p>', type: 'folk', preferred_slots: ['Slot 2'], sound_system: 'dont_need' };
    const act = await call(b, 'POST', '/v1/acts', actBody('The Two Process Band', band), bearer(performer.token));
    expect(act.status).toBe(201);
    const actId = (act.body as { id: number }).id;

    type Schedule = { data: Array<{ id: number; slot_2: { act_id: number; act_name: string } | null }> };
    const slot2 = async (server: AppProcess) => {
      const res = await call(server, 'GET', '/v1/schedule');
      expect(res.status).toBe(200);
      return {
        cell: (res.body as Schedule).data.find((e) => e.id === venueId)?.slot_2 ?? null,
        etag: res.headers.etag as string,
      };
    };
    // Both processes have rendered and cached the schedule without the act.
    expect((await slot2(a)).cell).toBeNull();
    const cachedOnB = await slot2(b);
    expect(cachedOnB.cell).toBeNull();

    const scheduled = await call(
      a,
      'PATCH',
      `/v1/venues/${venueId}`,
      {
        available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2', scheduled_act_id: actId }],
      },
      bearer(host.token),
    );
    expect(scheduled.status).toBe(200);
    expect((await slot2(b)).cell).toMatchObject({ act_id: actId, act_name: 'The Two Process Band' });
    // A client holding B's old ETag gets the new schedule, not a 304.
    const revalidated = await call(b, 'GET', '/v1/schedule', undefined, { 'if-none-match': cachedOnB.etag });
    expect(revalidated.status).toBe(200);

    const renamed = await call(
      b,
      'PATCH',
      `/v1/acts/${actId}`,
      actBody('The Renamed Band', band),
      bearer(performer.token),
    );
    expect(renamed.status).toBe(200);
    expect((await slot2(a)).cell).toMatchObject({ act_id: actId, act_name: 'The Renamed Band' });

    const cleared = await call(
      b,
      'PATCH',
      `/v1/venues/${venueId}`,
      { available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }] },
      bearer(host.token),
    );
    expect(cleared.status).toBe(200);
    expect((await slot2(a)).cell).toBeNull();
    console.log(
      '[faults] two processes: schedule changed through one process showed at once on the other (scheduled, renamed, cleared)',
    );
  });
});
