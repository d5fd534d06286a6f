import { beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED } from '../../../contract/forms.js';
import { MessageServerMessages, type Comment } from '../../../contract/messages.js';
import { RICH_TEXT_TOO_LONG } from '../../../contract/rich-text.js';
import { createTestApp } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import type { CapturedMail } from '../../test/smtp-sink.js';
import { insertAct, insertVenue } from './test-targets.js';

const { t } = useTestApp({});

const send = (body: object, user?: BuiltUser) =>
  t.app.inject({ method: 'POST', url: '/v1/comments', payload: body, headers: user?.auth ?? {} });
/** A message's body: `message` about the venue or act `entity_id`, and the name the client gives it if any. */
const about = (entity_type: 'venue' | 'act', entity_id: number, message: string, entity_name?: string) => ({
  message,
  entity_id,
  entity_type,
  ...(entity_name === undefined ? {} : { entity_name }),
});
const list = (query: string, user?: BuiltUser) =>
  t.app.inject({ method: 'GET', url: `/v1/comments?${query}`, headers: user?.auth ?? {} });

/** Delivers the outbox and returns the one new mail to `to`. */
async function mailTo(to: string): Promise<CapturedMail> {
  await t.deliverMail();
  const mails = t.smtp.messages.filter((m) => m.envelopeTo.includes(to));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('POST /v1/comments', () => {
  it('answers 401 to a visitor who is not logged in, and stores and sends nothing', async () => {
    const host = await buildHost(t.app);
    const venueId = await insertVenue(t.app, host.user.id);
    const res = await send({ message: '<p>Hello</p>', entity_id: venueId, entity_type: 'venue', entity_name: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    // Even with nothing valid in the body, "log in" is what a visitor hears first.
    expect((await send({})).statusCode).toBe(401);
    const stored = await t.testDb.db.kysely
      .selectFrom('comments')
      .select('id')
      .where('venue_id', '=', venueId)
      .execute();
    expect(stored).toHaveLength(0);
    await t.deliverMail();
    expect(t.smtp.messages.some((m) => m.envelopeTo.includes(host.user.email))).toBe(false);
  });

  it("stores the message and e-mails the venue's owner, with the sender as Reply-To and our own name for the venue", async () => {
    const host = await buildHost(t.app, { name: 'Harriet Host' });
    const performer = await buildPerformer(t.app, { name: 'Percy Performer' });
    const venueId = await insertVenue(t.app, host.user.id, '7 Linden Avenue');

    // The client's name for the venue is ignored: the server names it from its records.
    const message = '<p>Could we play on your <strong>porch</strong> in slot 2?</p>';
    const res = await send(about('venue', venueId, message, 'Somewhere Else Entirely'), performer);
    expect(res.statusCode).toBe(201);
    const comment = res.json<Comment>();
    expect(comment).toMatchObject({
      entity_id: venueId,
      entity_type: 'venue',
      entity_name: '7 Linden Avenue',
      sender_name: 'Percy Performer',
      sender_email: performer.user.email,
      message: '<p>Could we play on your <strong>porch</strong> in slot 2?</p>',
    });
    expect(new Date(comment.updated_time).toISOString()).toBe(comment.updated_time);

    const mail = await mailTo(host.user.email);
    expect(mail.envelopeTo).toEqual([host.user.email]);
    expect(mail.to).toEqual([host.user.email]);
    expect(mail.replyTo).toEqual([performer.user.email]);
    expect(mail.headers.find((h) => h.key === 'reply-to')?.value).toContain('Percy Performer');
    expect(mail.subject).toBe('Porchfest: a message about your venue "7 Linden Avenue"');
    expect(mail.text).toContain('Could we play on your porch in slot 2?');
    expect(mail.text).toContain(`Percy Performer (${performer.user.email})`);
    expect(mail.text).toContain(`http://porchfest.test/venues/${venueId}`);
    expect(mail.html).toContain('<strong>porch</strong>');
    expect(mail.raw).not.toContain('Somewhere Else Entirely');
  });

  it("e-mails an act's owner", async () => {
    const owner = await buildPerformer(t.app);
    const host = await buildHost(t.app);
    const actId = await insertAct(t.app, owner.user.id, 'The Screen Doors');
    const res = await send(about('act', actId, '<p>Would you play at my porch?</p>', 'The Screen Doors'), host);
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(owner.user.email);
    expect(mail.subject).toBe('Porchfest: a message about your act "The Screen Doors"');
    expect(mail.replyTo).toEqual([host.user.email]);
  });

  it('stores the message sanitized, and the e-mail carries only the sanitized text', async () => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    const venueId = await insertVenue(t.app, host.user.id);
    const message =
      '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">there</a><img src="x" onerror="alert(3)"></p>';
    const res = await send(about('venue', venueId, message), performer);
    expect(res.statusCode).toBe(201);
    const stored = await t.testDb.db.kysely
      .selectFrom('comments')
      .select('message')
      .where('venue_id', '=', venueId)
      .executeTakeFirstOrThrow();
    expect(stored.message).not.toMatch(/script|onclick|onerror|javascript|alert/i);
    expect(stored.message).toContain('Hi ');
    const mail = await mailTo(host.user.email);
    expect(mail.html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('moves an inline image to stored media and links it with a full address in the e-mail', async () => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    const venueId = await insertVenue(t.app, host.user.id);
    const gif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const res = await send(
      about('venue', venueId, `<p>Our band:</p><p><img src="data:image/gif;base64,${gif}"></p>`),
      performer,
    );
    expect(res.statusCode).toBe(201);
    // A message's picture is not public: its address carries the key (docs/decisions/0051).
    const src = /src="(\/v1\/media\/[0-9a-f]{64}\?key=[0-9a-f]{32})"/.exec(res.json<Comment>().message)?.[1];
    expect(src).toBeDefined();
    const image = await t.app.inject({ method: 'GET', url: src! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    const mail = await mailTo(host.user.email);
    expect(mail.html).toContain(`src="http://porchfest.test${src}"`);
  });

  it.each([
    ['an empty editor', { message: '<p><br></p>' }, 'message', REQUIRED],
    ['no message', { message: undefined }, 'message', REQUIRED],
    ['an unknown entity type', { entity_type: 'profile' }, 'entity_type', 'Must be venue or act'],
    ['a non-numeric id', { entity_id: 'abc' }, 'entity_id', 'Must be a number'],
  ])('answers 400 naming the field for %s', async (_case, change, field, message) => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    const venueId = await insertVenue(t.app, host.user.id);
    const res = await send({ message: '<p>Hi</p>', entity_id: venueId, entity_type: 'venue', ...change }, performer);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a message longer than 1500 visible characters, and takes one of exactly 1500', async () => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app);
    const venueId = await insertVenue(t.app, host.user.id);
    const tooLong = await send(
      { message: `<p>${'a'.repeat(1501)}</p>`, entity_id: venueId, entity_type: 'venue' },
      performer,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.message).toBe(RICH_TEXT_TOO_LONG);
    // Markup does not count: 1500 characters in bold are still 1500.
    const atLimit = await send(
      { message: `<p><strong>${'a'.repeat(1500)}</strong></p>`, entity_id: venueId, entity_type: 'venue' },
      performer,
    );
    expect(atLimit.statusCode).toBe(201);
  });

  it('answers 404 for a venue or act that does not exist', async () => {
    const performer = await buildPerformer(t.app);
    const venue = await send({ message: '<p>Hi</p>', entity_id: 999_999, entity_type: 'venue' }, performer);
    expect(venue.statusCode).toBe(404);
    expect(venue.json().error).toBe('No such venue');
    const act = await send({ message: '<p>Hi</p>', entity_id: 999_999, entity_type: 'act' }, performer);
    expect(act.statusCode).toBe(404);
    expect(act.json().error).toBe('No such act');
  });
});

describe('GET /v1/comments', () => {
  let host: BuiltUser;
  let venueId: number;
  let senders: BuiltUser[];

  beforeAll(async () => {
    host = await buildHost(t.app);
    venueId = await insertVenue(t.app, host.user.id, '3 Birch Lane');
    senders = [
      await buildPerformer(t.app, { name: 'First Sender' }),
      await buildPerformer(t.app, { name: 'Second Sender' }),
    ];
    for (const [i, sender] of senders.entries()) {
      expect(
        (await send({ message: `<p>Message ${i + 1}</p>`, entity_id: venueId, entity_type: 'venue' }, sender))
          .statusCode,
      ).toBe(201);
      t.clock.advanceMinutes(1);
    }
  });

  it('answers 401 to a visitor who is not logged in', async () => {
    expect((await list(`entity_id=${venueId}&entity_type=venue`)).statusCode).toBe(401);
  });

  it('answers 403 to anyone but the owner and admins, even someone who wrote to it', async () => {
    const res = await list(`entity_id=${venueId}&entity_type=venue`, senders[0]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MessageServerMessages.notOwner);
    const otherHost = await buildHost(t.app);
    expect((await list(`entity_id=${venueId}&entity_type=venue`, otherHost)).statusCode).toBe(403);
  });

  it('lists the messages to the owner, newest first, with updated_time and the total', async () => {
    const res = await list(
      `offset=0&limit=100&include_total=true&order_by=-updated_time&entity_id=${venueId}&entity_type=venue`,
      host,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Comment[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.data.map((c) => c.message)).toEqual(['<p>Message 2</p>', '<p>Message 1</p>']);
    expect(body.data.map((c) => c.sender_name)).toEqual(['Second Sender', 'First Sender']);
    expect(body.data[0]!.sender_email).toBe(senders[1]!.user.email);
    expect(body.data[0]!.updated_time > body.data[1]!.updated_time).toBe(true);
  });

  it('pages, and orders oldest first when asked', async () => {
    const page = await list(`entity_id=${venueId}&entity_type=venue&offset=1&limit=1&include_total=true`, host);
    expect(page.json()).toMatchObject({ total: 2, data: [{ message: '<p>Message 1</p>' }] });
    const oldest = await list(`entity_id=${venueId}&entity_type=venue&order_by=updated_time`, host);
    expect(oldest.json().data.map((c: Comment) => c.message)).toEqual(['<p>Message 1</p>', '<p>Message 2</p>']);
    expect(oldest.json().total).toBeUndefined();
  });

  it('lets an admin read them too', async () => {
    const admin = await buildAdmin(t.app);
    const res = await list(`entity_id=${venueId}&entity_type=venue`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
  });

  it('without entity_type (the API sends only entity_id), lists what the caller owns with that id', async () => {
    const res = await list(`entity_id=${venueId}`, host);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((c: Comment) => c.entity_type === 'venue' && c.entity_id === venueId)).toBe(true);
    expect((await list(`entity_id=${venueId}`, senders[0])).statusCode).toBe(403);
  });

  it('answers 400 for a missing entity_id and 404 for an unknown one', async () => {
    const missing = await list('entity_type=venue', host);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toContain('entity_id');
    expect((await list('entity_id=999999&entity_type=venue', host)).statusCode).toBe(404);
  });
});

describe('rate limit per user', () => {
  it('answers 429 with Retry-After once a user has sent the allowed number of messages', async () => {
    const limited = await createTestApp({
      rateRules: { messagesPerUser: { limit: 2, windowMinutes: 60, blockMinutes: 30 } },
    });
    try {
      const host = await buildHost(limited.app);
      const performer = await buildPerformer(limited.app);
      const other = await buildPerformer(limited.app);
      const venueId = await insertVenue(limited.app, host.user.id);
      const post = (user: BuiltUser) =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/comments',
          headers: user.auth,
          payload: { message: '<p>Hi</p>', entity_id: venueId, entity_type: 'venue' },
        });
      expect((await post(performer)).statusCode).toBe(201);
      expect((await post(performer)).statusCode).toBe(201);
      const refused = await post(performer);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
      // Another user is not affected.
      expect((await post(other)).statusCode).toBe(201);
      // Only the two accepted messages were stored and mailed.
      const stored = await limited.testDb.db.kysely
        .selectFrom('comments')
        .select('id')
        .where('sender_id', '=', performer.user.id)
        .execute();
      expect(stored).toHaveLength(2);
      // A new window once the block and the hour are over.
      limited.clock.advanceMinutes(61);
      expect((await post(performer)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
