import { describe, expect, it } from 'vitest';
import { AuditResponseSchema, RainDateStatusSchema } from '../../../contract/admin.js';
import { FestivalResponseSchema } from '../../../contract/festival.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';

const {
  t,
  people: { admin },
} = useTestApp({ admin: (app) => buildAdmin(app, { name: 'Rita Rain' }) });

const switchRain = (active: unknown, who: BuiltUser = admin) =>
  t.app.inject({ method: 'PUT', url: '/v1/admin/settings/rain-date', headers: who.auth, payload: { active } });
const festival = async () => FestivalResponseSchema.parse((await t.app.inject('/v1/festival')).json());
const outbox = () =>
  t.testDb.db.kysely.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).orderBy('id').execute();

describe('the rain date switch', () => {
  it('moves the festival to the rain date, mails each scheduled host and performer once, and lists who cannot come', async () => {
    const host = await buildHost(t.app, { email: 'host@rain.test' });
    const performer = await buildPerformer(t.app, { email: 'performer@rain.test' });
    const both = await buildUser(t.app, { host: true, performer: true, email: 'both@rain.test' });
    const idleHost = await buildHost(t.app, { email: 'idle@rain.test' });
    const busy = await buildVenue(t.app, host, { address: '1 Wet Street', slots: ['Slot 1', 'Slot 2'] });
    const own = await buildVenue(t.app, both, {
      address: '2 Dry Street',
      slots: ['Slot 1', 'Slot 3'],
      rain_date_available: false,
    });
    await buildVenue(t.app, idleHost, { address: '3 Empty Street', slots: ['Slot 4'], rain_date_available: false });
    const band = await buildAct(t.app, performer, { name: 'Fair Weather Band', rain_date_available: false });
    const ownBand = await buildAct(t.app, both, { name: 'Home Band' });
    await buildAct(t.app, performer, { name: 'Idle Band', rain_date_available: false });
    await scheduleAct(t.app, busy, 'Slot 1', band);
    await scheduleAct(t.app, busy, 'Slot 2', ownBand);
    await scheduleAct(t.app, own, 'Slot 3', ownBand);
    const mailsBefore = (await outbox()).length;

    expect((await festival()).rain_date_active).toBe(false);
    const res = await switchRain(true);
    expect(res.statusCode).toBe(200);
    const status = RainDateStatusSchema.parse(res.json());
    expect(status).toMatchObject({ rain_date_active: true, date: '2025-06-15', mailed: 3 });
    expect(status.acts).toEqual([
      { id: band, label: 'Fair Weather Band', scheduled: true },
      expect.objectContaining({ label: 'Idle Band', scheduled: false }),
    ]);
    expect(status.venues).toEqual([
      { id: own, label: '2 Dry Street', scheduled: true },
      expect.objectContaining({ label: '3 Empty Street', scheduled: false }),
    ]);

    const mails = (await outbox()).slice(mailsBefore);
    expect(mails.map((m) => m.to_address).sort()).toEqual(['both@rain.test', 'host@rain.test', 'performer@rain.test']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Porchfest moves to the rain date, Sunday, June 15, 2025');
      expect(mail.text_body).toContain('Sunday, June 15, 2025, 12pm to 5:30pm');
      expect(mail.text_body).toContain('http://porchfest.test/schedule');
    }

    const after = await festival();
    expect(after.rain_date_active).toBe(true);

    const audit = AuditResponseSchema.parse(
      (await t.app.inject({ url: '/v1/admin/audit', headers: admin.auth })).json(),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'set_rain_date',
      actor: { name: 'Rita Rain' },
      before: { rain_date_active: false, date: '2025-06-14' },
      after: { rain_date_active: true, date: '2025-06-15' },
    });

    // Switching on again changes nothing: no second mail, no second audit entry.
    const again = RainDateStatusSchema.parse((await switchRain(true)).json());
    expect(again.mailed).toBe(0);
    expect((await outbox()).length).toBe(mailsBefore + 3);
    const auditAgain = AuditResponseSchema.parse(
      (await t.app.inject({ url: '/v1/admin/audit', headers: admin.auth })).json(),
    );
    expect(auditAgain.total).toBe(audit.total);

    // And back: the event date again, and each is told.
    const back = RainDateStatusSchema.parse((await switchRain(false)).json());
    expect(back).toMatchObject({ rain_date_active: false, date: '2025-06-14', mailed: 3 });
    const backMails = (await outbox()).slice(mailsBefore + 3);
    expect(backMails.map((m) => m.subject)).toEqual(Array(3).fill('Porchfest is back on Saturday, June 14, 2025'));
    expect((await festival()).rain_date_active).toBe(false);

    const read = RainDateStatusSchema.parse(
      (await t.app.inject({ url: '/v1/admin/rain-date', headers: admin.auth })).json(),
    );
    expect(read).toEqual({ ...back, mailed: 0 });
  });

  it('refuses a body without a boolean, naming the field', async () => {
    const res = await switchRain('yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ active: 'Must be true or false' });
  });

  it('two admins switching at once mail each scheduled owner once', async () => {
    const other = await buildAdmin(t.app);
    const host = await buildHost(t.app, { email: 'race-host@rain.test' });
    const performer = await buildPerformer(t.app, { email: 'race-performer@rain.test' });
    const venue = await buildVenue(t.app, host, { slots: ['Slot 4'] });
    await scheduleAct(t.app, venue, 'Slot 4', await buildAct(t.app, performer));
    const before = (await outbox()).length;
    const answers = await Promise.all([switchRain(true), switchRain(true, other)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const mailed = answers.map((a) => RainDateStatusSchema.parse(a.json()).mailed).sort();
    expect(mailed[0]).toBe(0);
    const raced = (await outbox()).slice(before).map((m) => m.to_address);
    expect(raced.filter((a) => a === 'race-host@rain.test')).toHaveLength(1);
    expect(raced.filter((a) => a === 'race-performer@rain.test')).toHaveLength(1);
    await switchRain(false);
  });
});

describe('the scheduling e-mails', () => {
  it('name the rain date once the festival has moved there', async () => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app, { email: 'moved-performer@rain.test' });
    const venue = await buildVenue(t.app, host, { address: '5 Puddle Lane', slots: ['Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'Late Band' });
    await switchRain(true);
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/venues/${venue}`,
        headers: host.auth,
        payload: { available_slots: [{ slot_def: 'Slot 2', scheduled_act_id: act }] },
      });
      expect(res.statusCode).toBe(200);
      // The notice is due at once in the test app; it takes the festival's day when it is sent.
      await t.flushNotices();
      const mail = (await outbox()).filter((m) => m.to_address === 'moved-performer@rain.test').at(-1);
      expect(mail?.subject).toContain('"Late Band" is scheduled to play at 5 Puddle Lane');
      expect(mail?.text_body).toContain('Slot 2, 1:30pm-2:30pm EDT on Sunday, June 15, 2025');
    } finally {
      await switchRain(false);
    }
  });
});

describe('GET /v1/festival', () => {
  it('answers 304 to its own ETag until the committee switches, then the new state', async () => {
    const first = await t.app.inject('/v1/festival');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({ url: '/v1/festival', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await switchRain(true);
    const moved = await t.app.inject({ url: '/v1/festival', headers: { 'if-none-match': String(etag) } });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(FestivalResponseSchema.parse(moved.json()).rain_date_active).toBe(true);
    await switchRain(false);
  });
});
