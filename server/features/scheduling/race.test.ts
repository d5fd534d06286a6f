import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { actBody, buildAct, buildVenue, venueBody } from '../../test/catalogue-builders.js';

const HOSTS = 50;
const ROUNDS = 20;

let t: TestApp;
let baseUrl: string;
let hosts: Array<{ host: BuiltUser; venue: number; address: string }>;
let performer: BuiltUser;

beforeAll(async () => {
  // One performer hears of every round's winner, and of an earlier act a winner replaced: more
  // notices than the hourly cap allows (docs/decisions/0038-coalesced-notices.md).
  t = await createTestApp({ notices: { capPerHour: 2 * ROUNDS } });
  // A real port: app.inject runs requests one after another in this process; 50 sockets do not.
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  performer = await buildPerformer(t.app, { email: 'raced.performer@example.test' });
  hosts = [];
  for (let i = 0; i < HOSTS; i++) {
    const host = await buildHost(t.app);
    const address = `${i + 1} Race Street`;
    hosts.push({ host, address, venue: await buildVenue(t.app, host, { address, slots: ['Slot 2'] }) });
  }
});
afterAll(() => t.close());

async function scheduledRows(actId: number) {
  return t.app.deps.db.kysely
    .selectFrom('venue_slots')
    .select(['venue_id'])
    .where('scheduled_act_id', '=', actId)
    .where('slot_def', '=', 'Slot 2')
    .execute();
}

describe(`${HOSTS} hosts putting the same act into Slot 2 at once (${testEngine})`, () => {
  it(`lets exactly one win, ${ROUNDS} rounds in a row, the others get 409 and nothing of theirs is applied`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const name = `Wanted Everywhere ${round}`;
      const act = await buildAct(t.app, performer, { name, preferred_slots: ['Slot 2'] });
      const mailsBefore = await t.app.deps.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('subject', 'like', `%"${name}"%`)
        .execute();
      expect(mailsBefore).toEqual([]);

      const responses = await Promise.all(
        hosts.map(async ({ host, venue, address }) => {
          const res = await fetch(`${baseUrl}/v1/venues/${venue}`, {
            method: 'PATCH',
            headers: { ...host.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ available_slots: [{ slot_def: 'Slot 2', scheduled_act_id: act }] }),
          });
          return { venue, address, status: res.status, body: (await res.json()) as { error?: string } };
        }),
      );

      const statuses = responses.map((r) => r.status);
      const winners = responses.filter((r) => r.status === 200);
      expect(
        statuses.filter((s) => s >= 500),
        `round ${round}: no 5xx`,
      ).toEqual([]);
      expect(
        winners.map((w) => w.venue),
        `round ${round}: one winner`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        `round ${round}: the rest 409`,
      ).toHaveLength(HOSTS - 1);
      for (const loser of responses.filter((r) => r.status === 409)) {
        expect(loser.body.error).toContain(`"${name}" is already scheduled to play Slot 2 (1:30pm-2:30pm EDT)`);
      }

      // One scheduled row, at the winner's venue; one e-mail to the performer, from the winner
      // (its notice is due at once in the test app, and turned into its mail here).
      expect((await scheduledRows(act)).map((r) => r.venue_id)).toEqual([winners[0]!.venue]);
      await t.flushNotices();
      const mails = await t.app.deps.db.kysely
        .selectFrom('outbox')
        .select('subject')
        .where('subject', 'like', `%"${name}"%`)
        .execute();
      expect(mails).toEqual([{ subject: `Porchfest: "${name}" is scheduled to play at ${winners[0]!.address}` }]);
    }
    // 1,000 concurrent saves: about 20 s on PostgreSQL on 2 shared cores.
  }, 120_000);
});

describe(`slot saves racing other writes to the same venues and acts (${testEngine})`, () => {
  it('never answer 5xx: every writer takes the schedule lock in the same order', async () => {
    const send = async (method: string, path: string, who: BuiltUser, body?: unknown) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...who.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const statuses: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const pairs = await Promise.all(
        hosts.slice(0, 10).map(async ({ host }, i) => {
          const venue = await buildVenue(t.app, host, { address: `${i} Busy Road`, slots: ['Slot 1', 'Slot 3'] });
          const act = await buildAct(t.app, performer, { name: `Busy Act ${round}-${i}` });
          return { host, venue, act };
        }),
      );
      // At once, for each venue: its host saves the slots, edits the venue and then deletes it,
      // while the performer renames the act being scheduled there.
      const results = await Promise.all(
        pairs.flatMap(({ host, venue, act }, i) => [
          send('PATCH', `/v1/venues/${venue}`, host, {
            available_slots: [{ slot_def: 'Slot 3', scheduled_act_id: act }],
          }),
          send('PATCH', `/v1/venues/${venue}/no_slots`, host, venueBody({ address: `${i} Busier Road` })),
          send('PATCH', `/v1/acts/${act}`, performer, actBody({ name: `Renamed ${round}-${i}` })),
          i % 2 === 0 ? send('DELETE', `/v1/venues/${venue}`, host) : Promise.resolve(204),
        ]),
      );
      statuses.push(...results);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // A save that came after its venue's delete is a 404; everything else went through.
    expect(statuses.every((s) => [200, 204, 404].includes(s))).toBe(true);
  }, 120_000);
});
