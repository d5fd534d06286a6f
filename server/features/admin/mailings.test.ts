import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditResponseSchema,
  MAILING_REPEAT_MINUTES,
  MailingMessages,
  MailingRecipientsSchema,
  MailingSchema,
  MailingsResponseSchema,
} from '../../../contract/admin.js';
import { openDb } from '../../db/connection.js';
import { createTestApp, secondApp, type TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';
import { testEngine } from '../../test/database.js';

const COMMITTEE = 'committee@porchfest.example.org';

const {
  t,
  people: { admin },
} = useTestApp({ admin: (app) => buildAdmin(app, { name: 'Ada Admin' }) });

const recipients = async (audience: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/mailings/recipients?audience=${audience}`,
    headers: admin.auth,
  });
  expect(res.statusCode).toBe(200);
  return MailingRecipientsSchema.parse(res.json()).recipients;
};
const send = (payload: object, who: BuiltUser = admin) =>
  t.app.inject({ method: 'POST', url: '/v1/admin/mailings', headers: who.auth, payload });
/** Sends `payload` as the admin, which must be queued (201), and returns the mailing made. */
const sendQueued = async (payload: object) => {
  const res = await send(payload);
  expect(res.statusCode).toBe(201);
  return MailingSchema.parse(res.json());
};
/** Runs the mail worker, which must send `count` mails, and returns what the SMTP server received from it. */
const deliveredMails = async (count: number) => {
  const before = t.smtp.messages.length;
  expect(await t.deliverMail()).toBe(count);
  const mails = t.smtp.messages.slice(before);
  expect(mails).toHaveLength(count);
  return mails;
};
const mailings = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/admin/mailings', headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return MailingsResponseSchema.parse(res.json());
};

describe(`Mail to the festival (${testEngine})`, () => {
  // First: nothing is scheduled yet.
  it('refuses an audience with no one in it, naming the field, and queues nothing', async () => {
    expect(await recipients('scheduled')).toBe(0);
    const res = await send({ audience: 'scheduled', subject: 'Hello', format: 'text', body: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { audience: MailingMessages.noRecipients } });
    expect((await mailings()).total).toBe(0);
  });

  it('counts each audience as the database has it, each person once', async () => {
    const before = {
      hosts: await recipients('hosts'),
      performers: await recipients('performers'),
      everyone: await recipients('everyone'),
    };
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    const both = await buildUser(t.app, { host: true, performer: true });
    await buildUser(t.app);
    const venue = await buildVenue(t.app, both);
    const act = await buildAct(t.app, performer);
    await buildVenue(t.app, host);
    await scheduleAct(t.app, venue, 'Slot 1', act);

    expect(await recipients('hosts')).toBe(before.hosts + 2);
    expect(await recipients('performers')).toBe(before.performers + 2);
    expect(await recipients('everyone')).toBe(before.everyone + 4);
    // The host of the venue (also a performer) and the act's owner: two people, once each.
    expect(await recipients('scheduled')).toBe(2);
  });

  it('sends one plain-text mail per recipient, addressed to them alone, and shows the progress', async () => {
    const performers = await recipients('performers');
    const created = await sendQueued({
      audience: 'performers',
      subject: 'Sound check times',
      format: 'text',
      body: 'Please arrive 30 minutes early.\nBring your own cables.',
    });
    expect(created).toMatchObject({
      audience: 'performers',
      subject: 'Sound check times',
      format: 'text',
      actor_name: 'Ada Admin',
      recipients: performers,
      queued: performers,
      sent: 0,
      failed: 0,
    });

    const mails = await deliveredMails(performers);
    // A second run finds nothing left to send.
    expect(await t.deliverMail()).toBe(0);
    const addresses = mails.map((m) => m.envelopeTo);
    for (const envelope of addresses) expect(envelope).toHaveLength(1);
    expect(new Set(addresses.flat()).size).toBe(performers);
    for (const mail of mails) {
      expect(mail.subject).toBe('Sound check times');
      expect(mail.to).toEqual(mail.envelopeTo);
      expect(mail.raw).not.toMatch(/^(Cc|Bcc):/im);
      expect(mail.replyTo).toEqual([COMMITTEE]);
      expect(mail.text).toContain('Please arrive 30 minutes early.\nBring your own cables.');
    }

    const list = await mailings();
    expect(list.data[0]).toMatchObject({ id: created.id, queued: 0, sent: performers, failed: 0 });

    const audit = AuditResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: admin.auth })).json(),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'send_mailing',
      actor: { id: admin.user.id, name: 'Ada Admin' },
      target: { type: 'mailing', id: created.id, label: 'Sound check times' },
      before: null,
      after: { audience: 'performers', subject: 'Sound check times', format: 'text', recipients: performers },
    });
  });

  it('sends rich text sanitized as bios are, with its text as the plain part', async () => {
    const scheduled = await recipients('scheduled');
    await sendQueued({
      audience: 'scheduled',
      subject: 'Festival day',
      format: 'rich',
      body: '<p>Doors at <strong>noon</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
    });
    const mails = await deliveredMails(scheduled);
    for (const mail of mails) {
      expect(mail.html).toContain('<strong>noon</strong>');
      expect(mail.html).not.toMatch(/<script|javascript:/i);
      expect(mail.text).toContain('Doors at noon');
    }
  });

  it('refuses bad input with a 400 naming the field, and queues nothing', async () => {
    const { total } = await mailings();
    const cases: Array<[object, string]> = [
      [{ audience: 'committee', subject: 'S', format: 'text', body: 'B' }, 'audience'],
      [{ audience: 'hosts', subject: '  ', format: 'text', body: 'B' }, 'subject'],
      [{ audience: 'hosts', subject: 'x'.repeat(151), format: 'text', body: 'B' }, 'subject'],
      [{ audience: 'hosts', subject: 'S', format: 'html', body: 'B' }, 'format'],
      [{ audience: 'hosts', subject: 'S', format: 'text', body: ' \n ' }, 'body'],
      [{ audience: 'hosts', subject: 'S', format: 'text', body: 'x'.repeat(5001) }, 'body'],
      [{ audience: 'hosts', subject: 'S', format: 'text', body: 'bell \u0007' }, 'body'],
      [{ audience: 'hosts', subject: 'S', format: 'rich', body: '<p></p>' }, 'body'],
      [
        { audience: 'hosts', subject: 'S', format: 'rich', body: '<p><img src="https://example.com/a.png"></p>' },
        'body',
      ],
      [{ audience: 'hosts', subject: 'Line\nbreak', format: 'text', body: 'B' }, 'subject'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await mailings()).total).toBe(total);
  });

  it('is for admins only', async () => {
    const host = await buildHost(t.app);
    const { total } = await mailings();
    expect((await send({ audience: 'hosts', subject: 'S', format: 'text', body: 'B' }, host)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/mailings/recipients?audience=hosts', headers: host.auth }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/mailings' })).statusCode).toBe(401);
    expect((await mailings()).total).toBe(total);
  });
});

// Issue 27, item 7: a double click, two tabs or a retry after a timeout posted the same mailing
// twice, and everyone got it twice.
describe(`The same mail posted twice (${testEngine})`, () => {
  const outboxRows = async (mailingId: number) =>
    Number(
      (
        await t.testDb.db.kysely
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('mailing_id', '=', mailingId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is refused with a 409 naming the first (its number, time and sender), and queues nothing', async () => {
    await buildHost(t.app);
    const hosts = await recipients('hosts');
    const mail = { audience: 'hosts', subject: 'Parking on the day', format: 'text', body: 'Keep driveways clear.' };
    const created = await sendQueued(mail);
    const { total } = await mailings();

    const again = await send(mail);
    expect(again.statusCode).toBe(409);
    // The test clock stands at 2025-05-01 12:00 UTC: 8am in New York.
    expect(again.json()).toEqual({
      error: expect.any(String),
      code: 'conflict',
      message:
        `This mail was already sent: mail #${created.id} “Parking on the day” to All hosts, queued by Ada Admin ` +
        'at 8:00am EDT on Thursday, May 1, 2025. It was not sent again. To send the same mail once more, wait ' +
        'until 8:10am EDT on Thursday, May 1, 2025, or change it.',
    });
    expect((await mailings()).total).toBe(total);
    expect(await outboxRows(created.id)).toBe(hosts);

    // The same words after cleaning (rich text as stored) are the same mail; another subject,
    // body, format or audience is another mail.
    const rich = { audience: 'hosts', subject: 'Rich twice', format: 'rich', body: '<p>Hi <b>all</b></p>' };
    expect((await send(rich)).statusCode).toBe(201);
    expect((await send({ ...rich, body: '<p>Hi <b>all</b></p><script>x</script>' })).statusCode).toBe(409);
    expect((await send({ ...mail, subject: 'Parking on the day (2)' })).statusCode).toBe(201);
    expect((await send({ ...mail, body: 'Keep driveways clear, please.' })).statusCode).toBe(201);
    expect((await send({ ...mail, audience: 'everyone' })).statusCode).toBe(201);
  });

  it(`may be sent again once ${MAILING_REPEAT_MINUTES} minutes have passed`, async () => {
    await buildHost(t.app);
    const mail = { audience: 'hosts', subject: 'Weekly reminder', format: 'text', body: 'See you Saturday.' };
    expect((await send(mail)).statusCode).toBe(201);
    t.clock.advanceMinutes(MAILING_REPEAT_MINUTES - 1);
    expect((await send(mail)).statusCode).toBe(409);
    t.clock.advanceMinutes(1);
    expect((await send(mail)).statusCode).toBe(201);
  });

  it('queues it once when posted concurrently, to one process or two', async () => {
    await buildHost(t.app);
    const hosts = await recipients('hosts');
    const other = await secondApp(t, openDb(t.testDb.options));
    try {
      const mail = { audience: 'hosts', subject: 'Two tabs', format: 'text', body: 'Sent from two tabs at once.' };
      const post = (app: typeof t.app) =>
        app.inject({ method: 'POST', url: '/v1/admin/mailings', headers: admin.auth, payload: mail });
      const answers = await Promise.all([post(t.app), post(other), post(t.app), post(other)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const created = MailingSchema.parse(answers.find((r) => r.statusCode === 201)!.json());
      for (const refused of answers.filter((r) => r.statusCode === 409))
        expect(refused.json().message).toContain(`mail #${created.id} “Two tabs”`);
      const rows = await t.testDb.db.kysely
        .selectFrom('mailings')
        .select('id')
        .where('subject', '=', 'Two tabs')
        .execute();
      expect(rows).toEqual([{ id: created.id }]);
      expect(await outboxRows(created.id)).toBe(hosts);
    } finally {
      await other.close();
      await other.deps.db.close();
    }
  });
});

describe(`The outbox's rate limit, shared by every process (${testEngine})`, () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ mailRatePerHour: 4 });
  });
  afterAll(() => r.close());

  it('sends at most the configured number an hour, one person’s own mail before the rest of a mailing', async () => {
    const boss = await buildAdmin(r.app);
    for (let i = 0; i < 4; i++) await buildHost(r.app);
    const res = await r.app.inject({
      method: 'POST',
      url: '/v1/admin/mailings',
      headers: boss.auth,
      payload: { audience: 'hosts', subject: 'Paced', format: 'text', body: 'One at a time' },
    });
    expect(res.statusCode).toBe(201);
    // A password reset queued after the mailing goes out first.
    const reset = await r.app.inject({
      method: 'POST',
      url: '/v1/auth/forgotpass',
      payload: { email: boss.user.email },
    });
    expect(reset.statusCode).toBe(200);

    // 4 an hour: one every 15 minutes, across runs (and processes: the turn is in the database).
    expect(await r.deliverMail()).toBe(1);
    expect(await r.deliverMail()).toBe(0);
    expect(r.smtp.messages.map((m) => m.subject)).toEqual([expect.stringMatching(/reset your password/)]);
    r.clock.advanceMinutes(14);
    expect(await r.deliverMail()).toBe(0);
    r.clock.advanceMinutes(1);
    expect(await r.deliverMail()).toBe(1);
    for (let i = 0; i < 3; i++) {
      r.clock.advanceMinutes(15);
      expect(await r.deliverMail()).toBe(1);
    }
    r.clock.advanceMinutes(15);
    expect(await r.deliverMail()).toBe(0);
    const paced = r.smtp.messages.filter((m) => m.subject === 'Paced');
    expect(paced).toHaveLength(4);
    expect(new Set(paced.map((m) => m.envelopeTo[0])).size).toBe(4);
  });
});
