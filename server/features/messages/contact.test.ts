import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED } from '../../../contract/forms.js';
import { ContactMessages } from '../../../contract/messages.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildPerformer } from '../../test/builders.js';

const { t } = useTestApp({});

const COMMITTEE = 'committee@porchfest.example.org';
let ips = 0;
/** Each test writes from an address of its own, so the per-address limit is only met where meant. */
const freshIp = () => `10.1.0.${++ips}`;

const contact = (body: object, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/contact',
    payload: body,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.headers ?? {},
  });

/** A valid POST /v1/contact body; override any field. */
const contactBody = (overrides: object = {}) => ({
  category: 'general',
  sender_email: 'someone@example.test',
  message: '<p>Hi</p>',
  ...overrides,
});

/** The outbox rows queued with `sender` as their Reply-To. */
const queuedFrom = (sender: string) =>
  t.testDb.db.kysely.selectFrom('outbox').select('id').where('reply_to', '=', sender).execute();

const committeeMails = () => t.smtp.messages.filter((m) => m.envelopeTo.includes(COMMITTEE));

describe('POST /v1/contact', () => {
  it('e-mails the committee address from the configuration, Reply-To the sender, with the category name', async () => {
    const before = committeeMails().length;
    const res = await contact({
      category: 'volunteering',
      sender_email: 'neighbour@example.test',
      message: '<p>I can help <em>set up</em> chairs.</p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ContactMessages.sent });
    await t.deliverMail();
    const mails = committeeMails().slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelopeTo).toEqual([COMMITTEE]);
    expect(mail.replyTo).toEqual(['neighbour@example.test']);
    // The configured name, not the value the form sent.
    expect(mail.subject).toBe('Porchfest contact form: Volunteering');
    expect(mail.text).toContain('I can help set up chairs.');
    expect(mail.text).toContain('From: neighbour@example.test');
    expect(mail.html).toContain('<em>set up</em>');
  });

  it('names the account a logged-in sender wrote from', async () => {
    const user = await buildPerformer(t.app, { name: 'Logged In Lou' });
    const before = committeeMails().length;
    const res = await contact(
      { category: 'general', sender_email: user.user.email, message: '<p>Hello</p>' },
      { headers: user.auth },
    );
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    expect(committeeMails().slice(before)[0]!.text).toContain(`Logged in as: Logged In Lou (${user.user.email})`);
  });

  it.each([
    ['no category', { category: undefined }, 'category', REQUIRED],
    ['an empty category', { category: '' }, 'category', REQUIRED],
    ['a category that is not configured', { category: 'sales' }, 'category', ContactMessages.unknownCategory],
    ['no e-mail', { sender_email: undefined }, 'sender_email', ContactMessages.emailInvalid],
    ['an e-mail that is not one', { sender_email: 'not-an-address' }, 'sender_email', ContactMessages.emailInvalid],
    ['two addresses', { sender_email: 'a@example.test, b@example.test' }, 'sender_email', ContactMessages.emailInvalid],
    ['no message', { message: undefined }, 'message', REQUIRED],
    ['an empty editor', { message: '<p><br></p>' }, 'message', REQUIRED],
    ['a message of markup only', { message: '<p><script>alert(1)</script></p>' }, 'message', REQUIRED],
  ])('answers 400 naming the field for %s', async (_case, change, field, message) => {
    const res = await contact(contactBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('answers a filled honeypot as if sent, and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const res = await contact(
      contactBody({ sender_email: 'robot@example.test', message: '<p>Buy now</p>', website: 'http://spam.example' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ContactMessages.sent });
    expect(await queuedFrom('robot@example.test')).toHaveLength(0);
    await t.deliverMail();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('ignores an empty honeypot (browsers send the hidden field empty)', async () => {
    const res = await contact(contactBody({ sender_email: 'person@example.test', website: '' }));
    expect(res.statusCode).toBe(200);
    expect(await queuedFrom('person@example.test')).toHaveLength(1);
  });
});

describe('contact rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateRules: { contactPerAddress: { limit: 2, windowMinutes: 60, blockMinutes: 60 } },
    });
  });
  afterAll(() => limited.close());

  const send = (ip: string, email: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/v1/contact',
      remoteAddress: ip,
      payload: contactBody({ sender_email: email }),
    });

  it('answers 429 with Retry-After to one network address past the limit, whatever e-mail it gives', async () => {
    expect((await send('10.2.0.1', 'a1@example.test')).statusCode).toBe(200);
    expect((await send('10.2.0.1', 'a2@example.test')).statusCode).toBe(200);
    const refused = await send('10.2.0.1', 'a3@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: ContactMessages.tooMany });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect((await send('10.2.0.2', 'a4@example.test')).statusCode).toBe(200);
  });

  it('answers 429 to one e-mail address past the limit, from whatever network address', async () => {
    expect((await send('10.3.0.1', 'same@example.test')).statusCode).toBe(200);
    expect((await send('10.3.0.2', 'same@example.test')).statusCode).toBe(200);
    expect((await send('10.3.0.3', 'SAME@example.test')).statusCode).toBe(429);
    await limited.deliverMail();
    expect(limited.smtp.messages.filter((m) => m.replyTo.includes('same@example.test'))).toHaveLength(2);
  });
});
