import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { XSS_VECTORS } from './fixtures/xss-vectors.js';
import { actBody, venueBody } from '../support/bodies.js';
import { findActiveContent } from './support/active-content.js';
import { isCleanPlainText } from '../../contract/text.js';

/**
 * Attack suite (docs/decisions/0012-attack-suite.md): every vector of the corpus goes through the
 * API into every field that takes text: the rich texts (venue bio, act bio, message to an owner,
 * message to the committee) and the plain ones (a person's name, an address, an act's name, a venue
 * preference, a message's entity name, the contact category and sender address). What is stored and
 * served back must hold nothing that could run, and so must every e-mail the app sends about it
 * (owner messages, committee messages, schedule changes and deletions, which quote names and
 * addresses). The browser test (e2e/xss-rendered.test.ts) renders the same data in Chromium.
 */
let t: TestApp;
beforeAll(async () => {
  const plenty = { limit: 1_000_000, windowMinutes: 60, blockMinutes: 1 };
  t = await createTestApp({
    rateRules: { signupPerAddress: plenty, messagesPerUser: plenty, contactPerAddress: plenty },
  });
});
afterAll(() => t.close());

/** The vector where it fits the field's length (trimmed, as the contract trims), else a stand-in. */
const fit = (vector: string, min: number, max: number, standIn: string) => {
  const trimmed = vector.trim();
  return trimmed.length >= min && trimmed.length <= max && isCleanPlainText(vector) ? vector : standIn;
};

describe(`stored XSS through the API (${XSS_VECTORS.length} vectors)`, () => {
  it('stores every vector inert in every field, and every mail about it is inert', async () => {
    const problems: string[] = [];
    const check = (where: string, html: string) => {
      for (const p of findActiveContent(html)) problems.push(`${where}: ${p}`);
    };
    const expectStatus = (where: string, res: { statusCode: number; body: string }, status: number) => {
      if (res.statusCode !== status)
        problems.push(`${where}: ${res.statusCode}, expected ${status}: ${res.body.slice(0, 200)}`);
      return res.statusCode === status;
    };
    let fields = 0;
    const venues: Array<{ id: number; auth: { authorization: string } }> = [];

    const one = async (i: number, family: string, payload: string): Promise<void> => {
      const at = `vector ${i} (${family})`;
      const signup = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: {
          name: fit(payload, 4, 100, `Vector Person ${i}`),
          email: `xss-${i}@example.test`,
          password: 'Porch-Music-9',
          roles: ['host', 'performer'],
        },
      });
      if (!expectStatus(`${at} signup`, signup, 201)) return;
      const auth = { authorization: `Bearer ${signup.json().jwt_token as string}` };
      // A marker paragraph first: a vector that sanitizes to nothing would otherwise be an empty bio (400).
      const rich = `<p>v${i}</p>${payload}`;

      const venue = await t.app.inject({
        method: 'POST',
        url: '/v1/venues',
        headers: auth,
        payload: venueBody(fit(payload, 1, 200, `${i} Vector Street`), { bio: rich }),
      });
      if (!expectStatus(`${at} venue`, venue, 201)) return;
      const venueId = venue.json().id as number;
      venues[i] = { id: venueId, auth };
      const act = await t.app.inject({
        method: 'POST',
        url: '/v1/acts',
        headers: auth,
        payload: actBody(fit(payload, 1, 100, `Vector Act ${i}`), {
          bio: rich,
          type: 'folk',
          venue_pref: fit(payload, 1, 500, `Vector preference ${i}`),
        }),
      });
      if (!expectStatus(`${at} act`, act, 201)) return;
      const actId = act.json().id as number;
      fields += 7; // name, address, venue bio, act name, act bio, venue preference, and the schedule below

      // Scheduling mails the act's owner, quoting the venue's address and the act's name.
      const slots = await t.app.inject({
        method: 'PATCH',
        url: `/v1/venues/${venueId}`,
        headers: auth,
        payload: { available_slots: [{ slot_def: 'Slot 1', scheduled_act_id: actId }] },
      });
      expectStatus(`${at} schedule`, slots, 200);

      // Messages from this vector's person (their name is the vector too), to its own venue and act.
      for (const [type, id] of [
        ['venue', venueId],
        ['act', actId],
      ] as const) {
        const sent = await t.app.inject({
          method: 'POST',
          url: '/v1/comments',
          headers: auth,
          payload: { message: rich, entity_id: id, entity_type: type, entity_name: payload.slice(0, 300) },
        });
        if (expectStatus(`${at} message to ${type}`, sent, 201))
          check(`${at} stored message to ${type}`, sent.json().message);
        fields += 2;
      }

      // The committee form: a vector as the category or the sender is refused; as the message, stored for mail.
      const category = await t.app.inject({
        method: 'POST',
        url: '/v1/contact',
        payload: { category: payload, sender_email: 'fan@example.test', message: '<p>Hello</p>' },
      });
      expectStatus(`${at} contact category`, category, 400);
      const sender = await t.app.inject({
        method: 'POST',
        url: '/v1/contact',
        payload: { category: 'general', sender_email: payload, message: '<p>Hello</p>' },
      });
      expectStatus(`${at} contact sender`, sender, 400);
      const contact = await t.app.inject({
        method: 'POST',
        url: '/v1/contact',
        headers: auth,
        payload: { category: 'general', sender_email: `xss-${i}@example.test`, message: rich },
      });
      expectStatus(`${at} contact message`, contact, 200);
      fields += 3;

      // What is served back: the detail routes and the owner's message list.
      const storedVenue = await t.app.inject({ method: 'GET', url: `/v1/venues/${venueId}` });
      check(`${at} venue bio`, storedVenue.json().bio);
      const storedAct = await t.app.inject({ method: 'GET', url: `/v1/acts/${actId}` });
      check(`${at} act bio`, storedAct.json().bio);
      const messages = await t.app.inject({
        method: 'GET',
        url: `/v1/comments?entity_id=${venueId}&entity_type=venue`,
        headers: auth,
      });
      for (const m of messages.json().data as Array<{ message: string }>) check(`${at} listed message`, m.message);
    };
    // Four vectors at a time: each is a dozen requests, most of them waiting on the database.
    let next = 0;
    const worker = async () => {
      while (next < XSS_VECTORS.length) {
        const i = next++;
        await one(i, XSS_VECTORS[i]!.family, XSS_VECTORS[i]!.payload);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);

    // Deleting a venue mails the owners of the acts it had scheduled (quoting its address): one in ten.
    // Their owners have heard of those slots first (the test app's notices are due at once): a
    // venue deleted before its notices went reports nothing (docs/decisions/0038-coalesced-notices.md).
    await t.flushNotices();
    for (const [n, venue] of venues.entries()) {
      if (n % 10 !== 0 || !venue) continue;
      const gone = await t.app.inject({ method: 'DELETE', url: `/v1/venues/${venue.id}`, headers: venue.auth });
      expectStatus(`vector ${n} venue delete`, gone, 204);
    }

    let delivered = 0;
    for (let sent = await t.deliverMail(); sent > 0; sent = await t.deliverMail()) delivered += sent;
    await new Promise((r) => setTimeout(r, 200));
    for (const mail of t.smtp.messages) check(`mail "${mail.subject.slice(0, 60)}"`, mail.html);
    const pending = await t.testDb.db.kysely
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '!=', 'sent')
      .executeTakeFirstOrThrow();

    console.log(
      `stored XSS: ${XSS_VECTORS.length} vectors x ${fields / XSS_VECTORS.length} fields = ${fields} stored or refused values; ${t.smtp.messages.length} mails checked (${delivered} delivered); active content found: ${problems.length}`,
    );
    expect(problems).toEqual([]);
    expect(Number(pending.n), 'mails not delivered').toBe(0);
    expect(t.smtp.messages.length).toBe(delivered);
    expect(delivered).toBeGreaterThanOrEqual(XSS_VECTORS.length * 3);
  });
});
