import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.js';
import { enqueueMail } from './outbox.js';
import { retryDelayMs } from './worker.js';

const { t } = useTestApp({});

/** Queues `mail` now, outside any transaction. */
const enqueue = (mail: Parameters<typeof enqueueMail>[1]) => enqueueMail(t.testDb.db.kysely, mail, t.clock.now());
const pending = () => t.testDb.db.kysely.selectFrom('outbox').selectAll().where('status', '=', 'pending').execute();

describe('mail outbox', () => {
  it('delivers queued mail through SMTP with its headers intact', async () => {
    await enqueue({
      to: 'owner@example.test',
      replyTo: { name: 'Sam Sender', address: 'sender@example.test' },
      subject: 'Hello',
      text: 'Body text',
      html: '<p>Body</p>',
    });
    expect(await t.deliverMail()).toBe(1);
    const mail = await t.smtp.waitFor((m) => m.subject === 'Hello');
    expect(mail.envelopeTo).toEqual(['owner@example.test']);
    expect(mail.replyTo).toEqual(['sender@example.test']);
    expect(mail.text.trim()).toBe('Body text');
    expect(await pending()).toHaveLength(0);
  });

  it('keeps mail while SMTP is down and delivers it once, when SMTP is back', async () => {
    const before = t.smtp.messages.length;
    t.smtp.setDown(true);
    for (let i = 0; i < 5; i++) {
      await enqueue({ to: `r${i}@example.test`, subject: `Outage ${i}`, text: 'x' });
    }
    expect(await t.deliverMail()).toBe(0);
    const waiting = await pending();
    expect(waiting).toHaveLength(5);
    expect(waiting.every((m) => m.attempts === 1 && m.last_error)).toBe(true);

    t.smtp.setDown(false);
    // Not due yet: the back-off holds the retry.
    expect(await t.deliverMail()).toBe(0);
    t.clock.advanceMinutes(retryDelayMs(1) / 60_000 + 0.1);
    expect(await t.deliverMail()).toBe(5);
    expect(await t.deliverMail()).toBe(0);
    const received = t.smtp.messages
      .slice(before)
      .map((m) => m.subject)
      .sort();
    expect(received).toEqual(['Outage 0', 'Outage 1', 'Outage 2', 'Outage 3', 'Outage 4']);
  });

  it('does not send mail queued in a transaction that rolled back', async () => {
    await expect(
      t.testDb.db.kysely.transaction().execute(async (trx) => {
        await enqueueMail(trx, { to: 'never@example.test', subject: 'Rolled back', text: 'x' }, t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.deliverMail();
    expect(t.smtp.messages.some((m) => m.subject === 'Rolled back')).toBe(false);
  });

  it('refuses a recipient or reply-to that is not one address', async () => {
    for (const bad of [
      'victim@example.test\r\nBcc: evil@example.test',
      'a@example.test, b@example.test',
      'Name <a@example.test>',
    ]) {
      await expect(enqueue({ to: bad, subject: 's', text: 'x' })).rejects.toThrow();
      await expect(
        enqueue({ to: 'ok@example.test', replyTo: { address: bad }, subject: 's', text: 'x' }),
      ).rejects.toThrow();
    }
  });

  it('strips line breaks from names and subjects so none can add a header or recipient', async () => {
    await enqueue({
      to: 'victim@example.test',
      replyTo: { name: 'Eve\r\nBcc: evil2@example.test', address: 'eve@example.test' },
      subject: 'Hi\r\nBcc: evil3@example.test',
      text: 'x',
    });
    await t.deliverMail();
    const mail = await t.smtp.waitFor((m) => m.subject.startsWith('Hi'));
    expect(mail.envelopeTo.some((r) => r.startsWith('evil'))).toBe(false);
    expect(mail.headers.some((h) => h.key === 'bcc')).toBe(false);
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
