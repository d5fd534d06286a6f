import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { SlotDef } from '../../../contract/enums.js';
import { openDb } from '../../db/connection.js';
import { smtpTransport } from '../../mail/transport.js';
import { OutboxWorker } from '../../mail/worker.js';
import { useTestApp } from '../../test/use-test-app.js';
import { testEngine } from '../../test/database.js';
import { buildHost, buildPerformer } from '../../test/builders.js';
import { buildAct, buildVenue } from '../../test/catalogue-builders.js';
import { flushScheduleNotices } from './notices.js';

/**
 * Coalesced scheduling notices (docs/decisions/0038-coalesced-notices.md), on the engine the suite
 * runs on: a host's changes reach an act's owner as one summary per act and venue, DELAY_MINUTES
 * after the last change (at most MAX_WAIT_MINUTES after the first), nothing when the change is
 * undone in between, and at most CAP notices an hour to one person, the rest later, none lost.
 * The clock is the test's; the outbox worker runs when a test says so (t.deliverMail()).
 */
const DELAY_MINUTES = 5;
const MAX_WAIT_MINUTES = 30;
const CAP = 3;

const {
  t,
  people: { host },
} = useTestApp(
  { host: (app) => buildHost(app, { name: 'Hal Host' }) },
  {
    notices: { delayMs: DELAY_MINUTES * 60_000, maxWaitMs: MAX_WAIT_MINUTES * 60_000, capPerHour: CAP },
  },
);

type Slots = Partial<Record<SlotDef, number | null>>;
async function save(venue: number, slots: Slots): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/v1/venues/${venue}`,
    headers: host.auth,
    payload: {
      available_slots: Object.entries(slots).map(([slot_def, act]) => ({ slot_def, scheduled_act_id: act })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.envelopeTo.includes(email));
const waiting = () => t.app.deps.db.kysely.selectFrom('schedule_notices').selectAll().execute();

describe(`coalesced scheduling notices (${testEngine})`, () => {
  it('sends nothing for an act put into a slot and taken out again within the delay', async () => {
    const performer = await buildPerformer(t.app, { email: 'undone@notices.test' });
    const venue = await buildVenue(t.app, host, { address: '1 Second Thoughts Lane', slots: ['Slot 1'] });
    const act = await buildAct(t.app, performer, { name: 'The Maybes' });

    await save(venue, { 'Slot 1': act });
    await t.deliverMail();
    t.clock.advanceMinutes(DELAY_MINUTES - 1);
    await t.deliverMail();
    await save(venue, { 'Slot 1': null });
    t.clock.advanceMinutes(DELAY_MINUTES + 1);
    await t.deliverMail();

    expect(mailsTo('undone@notices.test')).toEqual([]);
    expect(await waiting()).toEqual([]);
  });

  it('sends one summary naming the final slots for a run of 5 changes, only once the run is over', async () => {
    const performer = await buildPerformer(t.app, { name: 'Rue Runner', email: 'run@notices.test' });
    const venue = await buildVenue(t.app, host, {
      address: '5 Busy Porch Road',
      slots: ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'],
    });
    const act = await buildAct(t.app, performer, { name: 'Five Takes' });
    const run: Slots[] = [
      { 'Slot 1': act, 'Slot 2': null, 'Slot 3': null, 'Slot 4': null },
      { 'Slot 1': act, 'Slot 2': act, 'Slot 3': null, 'Slot 4': null },
      { 'Slot 1': null, 'Slot 2': act, 'Slot 3': null, 'Slot 4': null },
      { 'Slot 1': null, 'Slot 2': act, 'Slot 3': act, 'Slot 4': null },
      { 'Slot 1': null, 'Slot 2': null, 'Slot 3': act, 'Slot 4': act },
    ];
    for (const slots of run) {
      await save(venue, slots);
      t.clock.advanceMinutes(DELAY_MINUTES - 1);
      await t.deliverMail();
    }
    expect(mailsTo('run@notices.test'), 'nothing while the host is still changing things').toEqual([]);
    t.clock.advanceMinutes(2);
    await t.deliverMail();

    const mails = mailsTo('run@notices.test');
    console.log(`[notices] a run of ${run.length} changes, ${DELAY_MINUTES - 1} minutes apart: ${mails.length} mail`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Porchfest: "Five Takes" is scheduled to play at 5 Busy Porch Road');
    expect(mails[0]!.text).toMatch(/scheduled your act "Five Takes" to play there:\n- Slot 3, [^\n]+\n- Slot 4, /);
    expect(mails[0]!.text).not.toContain('Slot 1');
    expect(mails[0]!.text).not.toContain('Slot 2');
    expect(await waiting()).toEqual([]);
  });

  it('sends a run that never pauses at most the longest wait after its first change', async () => {
    const performer = await buildPerformer(t.app, { email: 'restless@notices.test' });
    const venue = await buildVenue(t.app, host, { address: '8 Restless Row', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'Never Settled' });
    let minutes = 0;
    for (let i = 0; minutes < MAX_WAIT_MINUTES; i++) {
      await save(venue, i % 2 === 0 ? { 'Slot 1': act, 'Slot 2': null } : { 'Slot 1': null, 'Slot 2': act });
      t.clock.advanceMinutes(DELAY_MINUTES - 1);
      minutes += DELAY_MINUTES - 1;
      await t.deliverMail();
      if (minutes < MAX_WAIT_MINUTES) expect(mailsTo('restless@notices.test'), `${minutes} minutes in`).toEqual([]);
    }
    const mails = mailsTo('restless@notices.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Porchfest: "Never Settled" is scheduled to play at 8 Restless Row');
  });

  it(`sends at most ${CAP} notices an hour to one person and the rest after the hour, none lost`, async () => {
    const email = 'popular@notices.test';
    const performer = await buildPerformer(t.app, { email });
    // One person's acts, each put into a slot of its own venue: CAP + 2 notices to one address.
    const venues: number[] = [];
    for (let i = 0; i < CAP + 2; i++) {
      const venue = await buildVenue(t.app, host, { address: `${i + 1} Capped Court`, slots: ['Slot 1'] });
      venues.push(venue);
      await save(venue, { 'Slot 1': await buildAct(t.app, performer, { name: `In Demand ${i + 1}` }) });
    }
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.deliverMail();
    const firstHour = mailsTo(email).length;
    expect(firstHour).toBe(CAP);
    expect(await waiting(), 'the capped notices wait').toHaveLength(2);

    t.clock.advanceMinutes(30);
    await t.deliverMail();
    expect(mailsTo(email), 'still within the hour of the first').toHaveLength(CAP);

    t.clock.advanceMinutes(30);
    await t.deliverMail();
    const mails = mailsTo(email);
    console.log(
      `[notices] ${venues.length} notices to one person, cap ${CAP} an hour: ${firstHour} sent at once, ` +
        `${mails.length - firstHour} an hour later`,
    );
    expect(mails).toHaveLength(venues.length);
    expect(mails.map((m) => m.subject.replace(/.* at /, '')).sort()).toEqual(
      venues.map((_, i) => `${i + 1} Capped Court`).sort(),
    );
    expect(await waiting()).toEqual([]);
  });

  it('a capped notice still gathers later changes: one undone while it waits is never sent', async () => {
    const email = 'patient@notices.test';
    const performer = await buildPerformer(t.app, { email });
    const venues: number[] = [];
    for (let i = 0; i <= CAP; i++) {
      const venue = await buildVenue(t.app, host, { address: `${i + 1} Patience Place`, slots: ['Slot 2'] });
      venues.push(venue);
      await save(venue, { 'Slot 2': await buildAct(t.app, performer, { name: `Waiting Game ${i + 1}` }) });
    }
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.deliverMail();
    expect(mailsTo(email)).toHaveLength(CAP);
    // The one over the cap is taken back before the hour is out.
    await save(venues[CAP]!, { 'Slot 2': null });
    t.clock.advanceMinutes(61);
    await t.deliverMail();
    expect(mailsTo(email)).toHaveLength(CAP);
    expect(await waiting()).toEqual([]);
  });

  it('tells of a deleted venue only the slots the owner had heard of', async () => {
    const told = await buildPerformer(t.app, { email: 'told@notices.test' });
    const untold = await buildPerformer(t.app, { email: 'untold@notices.test' });
    const venue = await buildVenue(t.app, host, { address: '13 Short Notice Street', slots: ['Slot 1', 'Slot 3'] });
    const toldAct = await buildAct(t.app, told, { name: 'Heard About It' });
    const untoldAct = await buildAct(t.app, untold, { name: 'Never Knew' });
    await save(venue, { 'Slot 1': toldAct, 'Slot 3': null });
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.deliverMail();
    expect(mailsTo('told@notices.test')).toHaveLength(1);
    // Within the delay: the told act moves to Slot 3, the other act comes in, then the venue goes.
    await save(venue, { 'Slot 1': untoldAct, 'Slot 3': toldAct });
    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/venues/${venue}`, headers: host.auth });
    expect(removed.statusCode).toBe(204);
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.deliverMail();

    const toldMails = mailsTo('told@notices.test');
    expect(toldMails.map((m) => m.subject)).toEqual([
      'Porchfest: "Heard About It" is scheduled to play at 13 Short Notice Street',
      'Porchfest: "Heard About It" is no longer scheduled at 13 Short Notice Street',
    ]);
    expect(toldMails[1]!.text).toContain('- Slot 1,');
    expect(toldMails[1]!.text).not.toContain('Slot 3');
    expect(mailsTo('untold@notices.test')).toEqual([]);
    expect(await waiting()).toEqual([]);
  });

  it('sends a notice a dead worker had claimed once its lease is out, and lets a later change into it', async () => {
    const performer = await buildPerformer(t.app, { email: 'leased@notices.test' });
    const venue = await buildVenue(t.app, host, { address: '21 Lease Lane', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'Held Over' });
    await save(venue, { 'Slot 1': act, 'Slot 2': null });
    t.clock.advanceMinutes(DELAY_MINUTES);
    // Another process claimed it and was killed before flushing it.
    const lease = new Date(t.clock.now().getTime() + 60_000);
    await t.app.deps.db.kysely
      .updateTable('schedule_notices')
      .set({ claim: 'a-dead-worker', locked_until: lease })
      .execute();
    await t.deliverMail();
    expect(mailsTo('leased@notices.test'), 'not while the lease runs').toEqual([]);
    t.clock.advanceMinutes(2);
    await t.deliverMail();
    expect(mailsTo('leased@notices.test').map((m) => m.subject)).toEqual([
      'Porchfest: "Held Over" is scheduled to play at 21 Lease Lane',
    ]);

    // Claimed again, then changed by the host before the flush: the change clears the claim, and
    // the notice goes out once, after the delay, with the change in it.
    await save(venue, { 'Slot 1': null, 'Slot 2': act });
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.app.deps.db.kysely
      .updateTable('schedule_notices')
      // A lease longer than the delay: only the change's clearing of the claim lets it go in time.
      .set({ claim: 'a-slow-worker', locked_until: new Date(t.clock.now().getTime() + 60 * 60_000) })
      .execute();
    await save(venue, { 'Slot 1': act, 'Slot 2': act });
    t.clock.advanceMinutes(DELAY_MINUTES);
    await t.deliverMail();
    const mails = mailsTo('leased@notices.test');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Porchfest: "Held Over" is scheduled to play at 21 Lease Lane');
    expect(mails[1]!.text).toMatch(
      /to play there:\n- Slot 2, [^\n]+\n\nYour act still plays at 21 Lease Lane:\n- Slot 1, /,
    );
    expect(await waiting()).toEqual([]);
  });

  it('two workers on two connections flushing at once send each notice once', async () => {
    const PEOPLE = 12;
    const emails = Array.from({ length: PEOPLE }, (_, i) => `twice-${i}@notices.test`);
    const venue = await buildVenue(t.app, host, { address: '2 Twin Workers Way', slots: ['Slot 1', 'Slot 2'] });
    const venue2 = await buildVenue(t.app, host, { address: '4 Twin Workers Way', slots: ['Slot 1', 'Slot 2'] });
    const acts: number[] = [];
    for (const email of emails) acts.push(await buildAct(t.app, await buildPerformer(t.app, { email })));
    // Each act in one slot of one venue: 4 saves, 4 acts; then 8 more through a second round.
    for (let i = 0; i < PEOPLE; i += 4) {
      await save(venue, { 'Slot 1': acts[i]!, 'Slot 2': acts[i + 1]! });
      await save(venue2, { 'Slot 1': acts[i + 2]!, 'Slot 2': acts[i + 3]! });
      t.clock.advanceMinutes(DELAY_MINUTES);
      const before = t.smtp.messages.length;
      // A second connection to the same database, as a second app process has.
      const db2 = openDb(t.testDb.options);
      const transport2 = smtpTransport(t.smtp.url, 'Porchfest <no-reply@porchfest.test>');
      const second = new OutboxWorker({
        db: db2,
        transport: transport2,
        clock: t.clock,
        logger: pino({ level: 'silent' }),
        beforeRun: () => flushScheduleNotices({ ...t.app.deps, db: db2 }),
      });
      try {
        const runs = await Promise.all([t.deliverMail(), second.runOnce(), t.deliverMail(), second.runOnce()]);
        expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      } finally {
        transport2.close();
        await db2.close();
      }
      // Each of this round's four owners: told of the slot they lost (after the first round) and
      // of the one they got; whoever queued it, one mail per notice.
      const received = t.smtp.messages.slice(before).flatMap((m) => m.envelopeTo);
      const round = emails.slice(i, i + 4);
      const previous = i === 0 ? [] : emails.slice(i - 4, i);
      expect(received.sort()).toEqual([...round, ...previous].sort());
    }
    // Every owner but the last round's got a slot and then lost it: two mails, never three.
    emails.forEach((email, index) => expect(mailsTo(email), email).toHaveLength(index >= PEOPLE - 4 ? 1 : 2));
    expect(await waiting()).toEqual([]);
  });
});
