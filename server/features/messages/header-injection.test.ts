import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import type { CapturedMail } from '../../test/smtp-sink.js';
import { insertAct, insertVenue } from './test-targets.js';

/**
 * Thirty ways to try to end a header line and add one of your own (or a recipient): raw and
 * URL-encoded CR/LF, Unicode line separators, other control characters, MIME encoded-words
 * that decode to CRLF, folded continuations, address lists, SMTP smuggling.
 */
const EVIL = 'evil@attacker.test';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const PAYLOADS: string[] = [
  `x\r\nBcc: ${EVIL}`,
  `x\nBcc: ${EVIL}`,
  `x\rBcc: ${EVIL}`,
  `x\r\n\r\nBcc: ${EVIL}`,
  `x\r\r\nBcc: ${EVIL}`,
  `x\r\nCc: ${EVIL}`,
  `x\r\nTo: ${EVIL}`,
  `x\r\nReply-To: ${EVIL}`,
  `x\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>`,
  `x\r\n\tBcc: ${EVIL}`,
  `x\r\n Bcc: ${EVIL}`,
  `x%0d%0aBcc: ${EVIL}`,
  `x%0aBcc: ${EVIL}`,
  `x%0D%0ABcc:%20${EVIL}`,
  `x%250d%250aBcc: ${EVIL}`,
  `x\\r\\nBcc: ${EVIL}`,
  `x&#13;&#10;Bcc: ${EVIL}`,
  `x\u2028Bcc: ${EVIL}`,
  `x\u2029Bcc: ${EVIL}`,
  `x\u0085Bcc: ${EVIL}`,
  `x\u000bBcc: ${EVIL}`,
  `x\u000cBcc: ${EVIL}`,
  `x\u0000Bcc: ${EVIL}`,
  `=?utf-8?Q?x=0D=0ABcc:_${EVIL}?=`,
  `=?utf-8?B?${b64(`x\r\nBcc: ${EVIL}`)}?=`,
  `x =?iso-8859-1?q?=0A?=Bcc: ${EVIL}`,
  `${EVIL}, other@attacker.test`,
  `Someone <${EVIL}>`,
  `x\r\n.\r\nMAIL FROM:<${EVIL}>\r\nRCPT TO:<${EVIL}>\r\nDATA`,
  `x\n.\nRCPT TO:<${EVIL}>`,
];

let t: TestApp;
let host: BuiltUser;
let performer: BuiltUser;
let venueId: number;
let actId: number;
/**
 * Each accepted request, by the marker its message carries: who its one mail must go to and
 * name as Reply-To. (The outbox does not promise an order, so mails are matched by marker.)
 */
const expected = new Map<string, { label: string; to: string; replyTo: string }>();
let cases = 0;
const marker = () => `[case-${++cases}]`;

beforeAll(async () => {
  // Hundreds of messages from few senders: the rate limits are not what this file tests.
  const roomy = { limit: 100_000, windowMinutes: 60, blockMinutes: 1 };
  t = await createTestApp({ rateRules: { messagesPerUser: roomy, contactPerAddress: roomy } });
  host = await buildHost(t.app, { name: 'Plain Host' });
  performer = await buildPerformer(t.app, { name: 'Plain Performer' });
  venueId = await insertVenue(t.app, host.user.id, '1 Plain Street');
  actId = await insertAct(t.app, host.user.id, 'Plain Act');
});
afterAll(() => t.close());

const postComment = (body: Record<string, unknown>, user: BuiltUser) =>
  t.app.inject({ method: 'POST', url: '/v1/comments', headers: user.auth, payload: body });
const postContact = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/contact', payload: body });

const comment = (change: Record<string, unknown>) => ({
  message: '<p>Hello there</p>',
  entity_id: venueId,
  entity_type: 'venue',
  entity_name: '1 Plain Street',
  ...change,
});
const contactBody = (change: Record<string, unknown>) => ({
  category: 'general',
  sender_email: 'plain.sender@example.test',
  message: '<p>Hello committee</p>',
  ...change,
});
/** No text column of PostgreSQL can hold NUL, so rows written straight to the database lack it. */
const storable = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);

describe('no mail header injection through any field', () => {
  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))(
    'payload %i is refused or lands in one header of one mail',
    async (n, payload) => {
      const label = `payload ${n}`;
      const accepted = (status: number) => {
        // Never a 500: every payload is either a clear 400 or an ordinary message.
        expect([200, 201, 400]).toContain(status);
        return status < 300;
      };

      /** Sends one request; when it is accepted, records the one mail it must produce. */
      const expectMail = async (
        field: string,
        send: (tag: string) => Promise<{ statusCode: number }>,
        to: string,
        replyTo: string,
      ) => {
        const tag = marker();
        const { statusCode } = await send(tag);
        if (accepted(statusCode)) expected.set(tag, { label: `${label} ${field}`, to, replyTo });
        return statusCode;
      };
      const toOwner = (field: string, body: Record<string, unknown>, user = performer, owner = host) =>
        expectMail(
          field,
          (tag) => postComment(comment({ message: `<p>${tag}</p>`, ...body }), user),
          owner.user.email,
          user.user.email,
        );

      // POST /v1/comments: every field of the body.
      await expectMail(
        'comment.message',
        (tag) => postComment(comment({ message: `<p>${tag} ${payload}</p>` }), performer),
        host.user.email,
        performer.user.email,
      );
      await expectMail(
        'comment.message (bare)',
        (tag) => postComment(comment({ message: `${tag} ${payload}` }), performer),
        host.user.email,
        performer.user.email,
      );
      expect(await toOwner('comment.entity_name', { entity_name: payload })).toBe(201);
      expect(
        await toOwner('comment.entity_name (act)', { entity_type: 'act', entity_id: actId, entity_name: payload }),
      ).toBe(201);
      expect(await toOwner('comment.entity_type', { entity_type: payload })).toBe(400);
      expect(await toOwner('comment.entity_id', { entity_id: payload })).toBe(400);

      // What else reaches the owner's mail: the sender's name (Reply-To) and the venue's
      // address and act's name (the subject), written by other users through other forms.
      const sender = await buildPerformer(t.app, { name: storable(payload, 100) });
      expect(await toOwner('sender name', {}, sender)).toBe(201);
      const owner = await buildHost(t.app, { name: storable(payload, 100) });
      const venue = await insertVenue(t.app, owner.user.id, storable(payload, 200));
      const act = await insertAct(t.app, owner.user.id, storable(payload, 100));
      expect(await toOwner('venue address', { entity_id: venue }, performer, owner)).toBe(201);
      expect(await toOwner('act name', { entity_type: 'act', entity_id: act }, performer, owner)).toBe(201);

      // POST /v1/contact: every field of the body.
      const committee = t.app.deps.festival.committee_email;
      const toCommittee = (field: string, body: (tag: string) => Record<string, unknown>) =>
        expectMail(field, (tag) => postContact(contactBody(body(tag))), committee, 'plain.sender@example.test');
      await toCommittee('contact.message', (tag) => ({ message: `<p>${tag} ${payload}</p>` }));
      await toCommittee('contact.message (bare)', (tag) => ({ message: `${tag} ${payload}` }));
      expect(await toCommittee('contact.category', (tag) => ({ message: `<p>${tag}</p>`, category: payload }))).toBe(
        400,
      );
      expect(
        await toCommittee('contact.sender_email', (tag) => ({ message: `<p>${tag}</p>`, sender_email: payload })),
      ).toBe(400);
      expect(
        await toCommittee('contact.sender_email (suffix)', (tag) => ({
          message: `<p>${tag}</p>`,
          sender_email: `ok@example.test${payload}`,
        })),
      ).toBe(400);
      // The honeypot: answered as sent, and nothing is sent.
      expect((await postContact(contactBody({ website: payload }))).statusCode).toBe(200);
      // Deliver as we go: one SMTP connection per mail, and there are a couple of hundred.
      await t.deliverMail();
    },
  );

  it('delivered exactly the accepted messages, each to its one recipient, with the same headers as a plain one', async () => {
    const before = t.smtp.messages.length;
    // A plain message of each kind: the headers every message should have, no more.
    expect((await postComment(comment({}), performer)).statusCode).toBe(201);
    expect((await postContact(contactBody({}))).statusCode).toBe(200);
    await t.deliverMail();
    const plain = t.smtp.messages.slice(-2);
    const headerKeys = (m: CapturedMail) => m.headers.map((h) => h.key).sort();
    expect(headerKeys(plain[0]!)).toEqual(headerKeys(plain[1]!));
    const baseline = headerKeys(plain[0]!);
    expect(baseline).not.toContain('bcc');
    expect(baseline).not.toContain('cc');

    // As many mails as accepted requests: a smuggled second message would be one more.
    const received = t.smtp.messages.slice(0, before);
    expect(received.length).toBe(expected.size);
    const seen = new Set<string>();
    for (const mail of received) {
      const tag = /\[case-\d+\]/.exec(mail.text)?.[0] ?? '';
      const want = expected.get(tag);
      const context = `${want?.label ?? 'unexpected mail'}\n${mail.raw.split(/\r?\n\r?\n/)[0]}`;
      expect(want, context).toBeDefined();
      expect(seen.has(tag), `${context}\nsent twice`).toBe(false);
      seen.add(tag);
      expect(mail.envelopeTo, context).toEqual([want!.to]);
      expect(mail.to, context).toEqual([want!.to]);
      expect(mail.replyTo, context).toEqual([want!.replyTo]);
      expect(headerKeys(mail), context).toEqual(baseline);
    }
    expect(t.smtp.messages.some((m) => m.envelopeTo.some((r) => r.includes('attacker.test')))).toBe(false);
  });
});
