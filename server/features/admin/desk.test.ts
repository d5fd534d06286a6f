import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  AdminMessages,
  AuditResponseSchema,
  DashboardResponseSchema,
  PeopleResponseSchema,
  PersonSchema,
} from '../../../contract/admin.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';
import { venueBody } from '../../../test/support/bodies.js';
import { EXPORT_BATCH } from './exports.js';

const {
  t,
  people: { admin },
} = useTestApp({ admin: (app) => buildAdmin(app, { name: 'Ada Admin' }) });

const get = (url: string, who: BuiltUser = admin) => t.app.inject({ method: 'GET', url, headers: who.auth });
const setAdmin = (id: number, isAdmin: unknown, who: BuiltUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/admin/users/${id}/admin`,
    headers: who.auth,
    payload: { is_admin: isAdmin },
  });

async function dashboard() {
  const res = await get('/v1/admin/dashboard');
  expect(res.statusCode).toBe(200);
  return DashboardResponseSchema.parse(res.json());
}

async function exportRows(name: string): Promise<{ raw: string; rows: string[][] }> {
  const res = await get(`/v1/admin/exports/${name}.csv`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="porchfest-${name}.csv"`);
  const raw = res.rawPayload.toString('utf8');
  return { raw, rows: parse(raw, { bom: true, relax_column_count: false }) };
}

describe('GET /v1/admin/dashboard', () => {
  // First in the file: the database holds only what this test builds (and the admin).
  it('counts users by role, venues, acts, sets, empty slots per slot, unscheduled acts and act-less venues', async () => {
    const host = await buildHost(t.app);
    const otherHost = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    await buildUser(t.app, { host: true, performer: true });
    const busy = await buildVenue(t.app, host, { address: '1 Busy Street', slots: ['Slot 1', 'Slot 2'] });
    const idle = await buildVenue(t.app, otherHost, { address: '2 Idle Street', slots: ['Slot 1', 'Slot 3'] });
    const playing = await buildAct(t.app, performer, { name: 'Playing Band' });
    const waiting = await buildAct(t.app, performer, { name: 'Waiting Band', preferred_slots: ['Slot 4', 'Slot 2'] });
    await scheduleAct(t.app, busy, 'Slot 1', playing);

    const d = await dashboard();
    expect(d.users).toEqual({ total: 5, admin: 1, host: 3, performer: 2 });
    expect(d.venues).toBe(2);
    expect(d.acts).toBe(2);
    expect(d.scheduled_sets).toBe(1);
    expect(d.empty_slots).toEqual([
      { slot_def: 'Slot 1', empty: 1 },
      { slot_def: 'Slot 2', empty: 1 },
      { slot_def: 'Slot 3', empty: 1 },
      { slot_def: 'Slot 4', empty: 0 },
    ]);
    expect(d.unscheduled_acts).toEqual({
      total: 1,
      data: [{ id: waiting, name: 'Waiting Band', preferred_slots: ['Slot 2', 'Slot 4'] }],
    });
    expect(d.venues_without_act).toEqual({ total: 1, data: [{ id: idle, address: '2 Idle Street' }] });

    // Scheduling the waiting act at the idle venue moves every figure with it.
    await scheduleAct(t.app, idle, 'Slot 3', waiting);
    const after = await dashboard();
    expect(after.scheduled_sets).toBe(2);
    expect(after.empty_slots.find((s) => s.slot_def === 'Slot 3')?.empty).toBe(0);
    expect(after.unscheduled_acts).toEqual({ total: 0, data: [] });
    expect(after.venues_without_act).toEqual({ total: 0, data: [] });
  });
});

describe('GET /v1/admin/users', () => {
  it('pages through people, newest first, searchable by name or e-mail and filterable by role, with venue and act counts', async () => {
    const tag = `zq${Date.now()}`;
    const host = await buildHost(t.app, { name: `Hana ${tag} Host` });
    const performer = await buildPerformer(t.app, { email: `${tag}-perf@example.test`, name: 'Pia Performer' });
    await buildVenue(t.app, host);
    await buildVenue(t.app, host);
    await buildAct(t.app, performer);

    const found = PeopleResponseSchema.parse(
      (await get(`/v1/admin/users?search=${tag.toUpperCase()}&include_total=true`)).json(),
    );
    expect(found.total).toBe(2);
    expect(found.data.map((p) => p.id).sort()).toEqual([host.user.id, performer.user.id].sort());
    const hana = found.data.find((p) => p.id === host.user.id);
    expect(hana).toMatchObject({
      name: `Hana ${tag} Host`,
      email: host.user.email,
      roles: ['host'],
      venues: 2,
      acts: 0,
    });
    expect(found.data.find((p) => p.id === performer.user.id)).toMatchObject({
      roles: ['performer'],
      venues: 0,
      acts: 1,
    });

    const hosts = PeopleResponseSchema.parse((await get(`/v1/admin/users?search=${tag}&role=host`)).json());
    expect(hosts.data.map((p) => p.id)).toEqual([host.user.id]);

    const first = PeopleResponseSchema.parse((await get('/v1/admin/users?limit=1&include_total=true')).json());
    const second = PeopleResponseSchema.parse((await get('/v1/admin/users?limit=1&offset=1')).json());
    expect(first.data).toHaveLength(1);
    expect(first.data[0]!.id).toBe(performer.user.id);
    expect(second.data[0]!.id).toBe(host.user.id);
    expect(first.total).toBeGreaterThan(2);
  });

  it('names the field of a bad query with a 400', async () => {
    const res = await get('/v1/admin/users?role=chair&limit=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['role', 'limit']));
  });
});

describe('PUT /v1/admin/users/{id}/admin and the audit log', () => {
  it('grants and revokes admin, refuses to revoke the last admin, and writes who, what, when, before and after', async () => {
    const person = await buildHost(t.app, { name: 'Gus Granted' });
    const granted = await setAdmin(person.user.id, true);
    expect(granted.statusCode).toBe(200);
    expect(PersonSchema.parse(granted.json()).roles).toEqual(['admin', 'host']);
    // The new admin is an admin at once: the desk answers them.
    expect((await get('/v1/admin/dashboard', person)).statusCode).toBe(200);

    const revoked = await setAdmin(person.user.id, false);
    expect(PersonSchema.parse(revoked.json()).roles).toEqual(['host']);
    expect((await get('/v1/admin/dashboard', person)).statusCode).toBe(403);

    const audit = AuditResponseSchema.parse((await get('/v1/admin/audit?limit=2')).json());
    expect(audit.data.map((e) => e.action)).toEqual(['revoke_admin', 'grant_admin']);
    expect(audit.data[1]).toMatchObject({
      actor: { id: admin.user.id, name: 'Ada Admin', email: admin.user.email },
      target: { type: 'user', id: person.user.id, label: `Gus Granted <${person.user.email}>` },
      before: { roles: ['host'] },
      after: { roles: ['admin', 'host'] },
    });
    expect(Date.parse(audit.data[0]!.created_at)).toBe(t.clock.now().getTime());
  });

  it('refuses to revoke the last admin with a 409, and leaves the role and the log as they were', async () => {
    const admins = PeopleResponseSchema.parse((await get('/v1/admin/users?role=admin&limit=100')).json()).data;
    // Every other admin revoked first, so `admin` is the last one.
    for (const other of admins.filter((p) => p.id !== admin.user.id)) {
      expect((await setAdmin(other.id, false)).statusCode).toBe(200);
    }
    const before = AuditResponseSchema.parse((await get('/v1/admin/audit')).json()).total;
    const res = await setAdmin(admin.user.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: AdminMessages.lastAdmin,
      fields: { is_admin: AdminMessages.lastAdmin },
    });
    expect((await get('/v1/admin/dashboard')).statusCode).toBe(200);
    expect(AuditResponseSchema.parse((await get('/v1/admin/audit')).json()).total).toBe(before);
  });

  it('lets exactly one of two admins revoking each other at once succeed', async () => {
    const a = await buildAdmin(t.app);
    const b = await buildAdmin(t.app);
    // Only a and b are admins now.
    expect((await setAdmin(admin.user.id, false, a)).statusCode).toBe(200);
    const [ra, rb] = await Promise.all([setAdmin(b.user.id, false, a), setAdmin(a.user.id, false, b)]);
    const statuses = [ra.statusCode, rb.statusCode];
    // The loser is refused as the last admin's revoker (409), or, when it arrives after the
    // winner's commit, as someone who is no longer an admin (403).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 403)).toBe(true);
    const left = PeopleResponseSchema.parse(
      (await get('/v1/admin/users?role=admin', ra.statusCode === 200 ? a : b)).json(),
    );
    expect(left.data).toHaveLength(1);
    // Restore the file's admin for the tests after this one.
    const survivor = ra.statusCode === 200 ? a : b;
    expect((await setAdmin(admin.user.id, true, survivor)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 naming is_admin for a bad body', async () => {
    expect((await setAdmin(999_999, true)).statusCode).toBe(404);
    const bad = await setAdmin(admin.user.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('is_admin');
  });
});

describe('GET /v1/admin/exports/{name}.csv', () => {
  it("carries each venue's pin, amenities and accessibility note (issue 28, item 9)", async () => {
    const host = await buildHost(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/venues',
      headers: host.auth,
      payload: venueBody('14 Aurora Street', {
        latitude: 42.4412,
        longitude: -76.4968,
        step_free: true,
        shade: true,
        accessibility_note: '-Ramp at the side gate;\nask for the chair',
      }),
    });
    expect(res.statusCode).toBe(201);
    const id = String(res.json<{ id: number }>().id);
    const { rows } = await exportRows('venues');
    const row = rows.find((r) => r[0] === id)!;
    const cell = (name: string) => row[rows[0]!.indexOf(name)];
    expect(cell('Latitude')).toBe('42.4412');
    expect(cell('Longitude')).toBe('-76.4968');
    expect([cell('Step-free viewing'), cell('Seating'), cell('Shade'), cell('Restroom nearby')]).toEqual([
      'yes',
      'no',
      'yes',
      'no',
    ]);
    // A note is text like any other cell: a formula-shaped start is neutralised.
    expect(cell('Accessibility note')).toBe("'-Ramp at the side gate;\nask for the chair");
  });

  it('writes RFC 4180 CSV with a byte-order mark, owners named, accents kept and formula-shaped cells neutralised', async () => {
    const host = await buildHost(t.app, {
      name: '=HYPERLINK("http://evil.example")',
      email: `csv-host-${Date.now()}@example.test`,
    });
    const performer = await buildPerformer(t.app, { name: 'Zoë Ørsted, "the fiddler"' });
    const venue = await buildVenue(t.app, host, {
      address: '+1 Rue de l’Église',
      genres: ['folk', 'jazz'],
      slots: ['Slot 2'],
    });
    const act = await buildAct(t.app, performer, { name: '@Danger -Band', preferred_slots: ['Slot 2', 'Slot 1'] });
    await scheduleAct(t.app, venue, 'Slot 2', act);

    const venues = await exportRows('venues');
    expect(venues.raw.startsWith('\uFEFF')).toBe(true);
    expect(venues.raw).toContain('\r\n');
    expect(venues.rows[0]).toEqual([
      'ID',
      'Address',
      'Owner name',
      'Owner e-mail',
      'Preferred genres',
      'Slots offered',
      'Rain date available',
      'Latitude',
      'Longitude',
      'Step-free viewing',
      'Seating',
      'Shade',
      'Restroom nearby',
      'Accessibility note',
    ]);
    expect(venues.rows.find((r) => r[0] === String(venue))).toEqual([
      String(venue),
      "'+1 Rue de l’Église",
      '\'=HYPERLINK("http://evil.example")',
      host.user.email,
      'Folk; Jazz',
      'Slot 2',
      'yes',
      '',
      '',
      'no',
      'no',
      'no',
      'no',
      '',
    ]);

    const acts = await exportRows('acts');
    expect(acts.rows.find((r) => r[0] === String(act))).toEqual([
      String(act),
      "'@Danger -Band",
      'Americana',
      'Zoë Ørsted, "the fiddler"',
      performer.user.email,
      'Slot 1; Slot 2',
      'yes',
    ]);

    const schedule = await exportRows('schedule');
    expect(schedule.rows.find((r) => r[5] === "'@Danger -Band")).toEqual([
      'Slot 2',
      '1:30pm-2:30pm',
      "'+1 Rue de l’Église",
      '\'=HYPERLINK("http://evil.example")',
      host.user.email,
      "'@Danger -Band",
      'Americana',
      'Zoë Ørsted, "the fiddler"',
      performer.user.email,
    ]);

    const mailing = await exportRows('mailing-list');
    expect(mailing.rows[0]).toEqual(['Name', 'E-mail', 'Host', 'Performer']);
    expect(mailing.rows).toContainEqual(['Zoë Ørsted, "the fiddler"', performer.user.email, 'no', 'yes']);
    // Admins who are neither host nor performer are not on the hosts' and performers' list.
    expect(mailing.rows.some((r) => r[1] === admin.user.email)).toBe(false);
  });

  // Issue 27, item 11: Excel in locales whose list separator is ";" splits a CSV file on ";", so an
  // unquoted `x;=1+1` becomes a cell `=1+1` that it runs.
  it('quotes every cell that holds a separator of either kind (";" as well as ","), and a tab', async () => {
    const performer = await buildPerformer(t.app, { name: 'x;=1+1', email: `semicolon-${Date.now()}@example.test` });
    const act = await buildAct(t.app, performer, { name: 'Tab\tBand', preferred_slots: ['Slot 3', 'Slot 4'] });

    const mailing = await exportRows('mailing-list');
    expect(mailing.raw).toContain(`\r\n"x;=1+1",${performer.user.email},no,yes\r\n`);
    expect(mailing.rows).toContainEqual(['x;=1+1', performer.user.email, 'no', 'yes']);
    const acts = await exportRows('acts');
    const line = acts.raw.split('\r\n').find((l) => l.startsWith(`${act},`));
    expect(line).toBe(`${act},"Tab\tBand",Americana,"x;=1+1",${performer.user.email},"Slot 3; Slot 4",yes`);
    // A cell with neither stays bare (RFC 4180 quotes only where needed).
    expect(acts.raw.startsWith('\uFEFFID,Name,')).toBe(true);
  });

  it('streams an export of more rows than one batch, each once and in order', async () => {
    const count = EXPORT_BATCH * 2 + 7;
    const now = t.clock.now();
    const tag = `batch${Date.now()}`;
    const rows = Array.from({ length: count }, (_, i) => ({
      email: `${tag}-${i}@example.test`,
      name: `Batch ${i}`,
      password_hash: 'x',
      is_performer: true,
      is_host: false,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.app.deps.db.kysely
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();
    const { rows: csv } = await exportRows('mailing-list');
    const mine = csv.filter((r) => r[1]?.startsWith(`${tag}-`));
    expect(mine).toHaveLength(count);
    expect(mine.map((r) => r[0])).toEqual(rows.map((r) => r.name));
  });

  it('answers 400 naming the export for an unknown one', async () => {
    const res = await get('/v1/admin/exports/passwords.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('name');
  });
});
