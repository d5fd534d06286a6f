import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditResponseSchema, DeskSettingsSchema } from '../../../contract/admin.js';
import { FestivalResponseSchema } from '../../../contract/festival.js';
import { ScheduleResponseSchema } from '../../../contract/schedule.js';
import { createTestApp, secondApp, type TestApp } from '../../test/app.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';

let t: TestApp;
/** A second app process on the same database, with its own kept schedule. */
let other: FastifyInstance;
let admin: BuiltUser;
let host: BuiltUser;
let performer: BuiltUser;
let hostVenue: number;
let otherVenue: number;
let performerAct: number;
let otherAct: number;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondApp(t);
  admin = await buildAdmin(t.app);
  host = await buildHost(t.app);
  performer = await buildPerformer(t.app);
  const otherHost = await buildHost(t.app);
  const otherPerformer = await buildPerformer(t.app);
  hostVenue = await buildVenue(t.app, host, { address: '1 Host Lane', slots: ['Slot 1', 'Slot 2'] });
  otherVenue = await buildVenue(t.app, otherHost, { address: '2 Other Lane', slots: ['Slot 1', 'Slot 2'] });
  performerAct = await buildAct(t.app, performer, { name: 'Mine' });
  otherAct = await buildAct(t.app, otherPerformer, { name: 'Theirs' });
  const third = await buildAct(t.app, otherPerformer, { name: 'Third' });
  await scheduleAct(t.app, hostVenue, 'Slot 1', otherAct);
  await scheduleAct(t.app, otherVenue, 'Slot 1', third);
  await scheduleAct(t.app, otherVenue, 'Slot 2', performerAct);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const schedule = async (app: FastifyInstance, who?: BuiltUser) => {
  const res = await app.inject({ method: 'GET', url: '/v1/schedule', headers: who?.auth ?? {} });
  expect(res.statusCode).toBe(200);
  return { res, body: ScheduleResponseSchema.parse(res.json()) };
};
const setRelease = (releaseAt: unknown, who: BuiltUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/admin/settings/schedule-release',
    headers: who.auth,
    payload: { release_at: releaseAt },
  });
const cellsOf = (body: { data: Array<Record<string, unknown>> }) =>
  body.data.flatMap((e) =>
    ['slot_1', 'slot_2', 'slot_3', 'slot_4'].flatMap((k) => {
      const cell = e[k] as { act_name: string } | null;
      return cell ? [`${String(e.address)}: ${cell.act_name}`] : [];
    }),
  );

describe('schedule release', () => {
  it('before the release: no sets for the public, own bookings for hosts and performers, all for admins; then public on time, on every process', async () => {
    // Both processes keep the released schedule first.
    expect(cellsOf((await schedule(t.app)).body)).toHaveLength(3);
    expect(cellsOf((await schedule(other)).body)).toHaveLength(3);

    const releaseAt = new Date(t.clock.now().getTime() + 60 * 60_000);
    const set = await setRelease(releaseAt.toISOString());
    expect(set.statusCode).toBe(200);
    expect(DeskSettingsSchema.parse(set.json())).toMatchObject({
      schedule_release_at: releaseAt.toISOString(),
      schedule_release_source: 'desk',
    });

    // The other process has not served anything since, and still knows at once.
    const anonymous = await schedule(other);
    expect(anonymous.body).toEqual({ data: [], release: { at: releaseAt.toISOString(), released: false } });
    expect(anonymous.res.headers['cache-control']).toBe('private, no-store');

    expect(cellsOf((await schedule(other, host)).body)).toEqual(['1 Host Lane: Theirs']);
    expect(cellsOf((await schedule(other, performer)).body)).toEqual(['2 Other Lane: Mine']);
    expect(cellsOf((await schedule(other, admin)).body).sort()).toEqual([
      '1 Host Lane: Theirs',
      '2 Other Lane: Mine',
      '2 Other Lane: Third',
    ]);
    // The calendar files hold no sets before the release either.
    const events = (body: string) => body.split('BEGIN:VEVENT').length - 1;
    const calendars = ['/v1/schedule.ics', `/v1/acts/${performerAct}/calendar.ics`];
    for (const url of calendars) expect(events((await other.inject({ method: 'GET', url })).body)).toBe(0);
    const festival = FestivalResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/festival' })).json());
    expect(festival.schedule_release_at).toBe(releaseAt.toISOString());

    // At the release time, with no write and no restart, both processes publish it.
    t.clock.advanceMinutes(60);
    for (const app of [t.app, other]) {
      const released = await schedule(app);
      expect(released.body.release).toBeUndefined();
      expect(cellsOf(released.body)).toHaveLength(3);
      expect(released.res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
      expect(events((await app.inject({ method: 'GET', url: calendars[0]! })).body)).toBe(3);
      expect(events((await app.inject({ method: 'GET', url: calendars[1]! })).body)).toBe(1);
    }
  });

  it('clears the desk’s time back to the configuration’s, logs both changes, and names a bad field', async () => {
    const cleared = await setRelease(null);
    expect(DeskSettingsSchema.parse(cleared.json())).toEqual({
      schedule_release_at: '2025-05-01T04:00:00.000Z',
      configured_release_at: '2025-05-01T04:00:00.000Z',
      schedule_release_source: 'configuration',
      rain_date_active: false,
    });
    const audit = AuditResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: admin.auth })).json(),
    );
    expect(audit.data.map((e) => e.action)).toEqual(['set_schedule_release', 'set_schedule_release']);
    expect(audit.data[0]).toMatchObject({ after: { schedule_release_at: '2025-05-01T04:00:00.000Z' } });

    const bad = await setRelease('next tuesday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('release_at');
    expect((await setRelease('2030-01-01T00:00:00Z', host)).statusCode).toBe(403);
  });
});
