import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNoticeTiming } from '../../server/deps.js';
import { SUBJECT_NAME_MAX } from '../../server/mail/message.js';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { buildHost, buildPerformer } from '../../server/test/builders.js';
import { actBody, venueBody } from '../../server/test/catalogue-builders.js';

/**
 * Scheduling mail carries no unbounded free text in its subject
 * (docs/decisions/0033-scheduling-mail-subjects.md): a host toggling a performer's act in and out
 * of a slot, with the longest act name and address the contract takes, sends subjects whose names
 * are cut at SUBJECT_NAME_MAX characters; the body still has them whole. And the flood is gone
 * (docs/decisions/0038-coalesced-notices.md): with the production timing, 20 toggles in a row
 * send nothing (they end where they started), and 20 toggles a little more than the delay apart
 * send no more than the cap per hour. On the engine the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL). Before 0038 either way sent 20 mails.
 */
const TOGGLES = 20;
const { delayMs, capPerHour } = defaultNoticeTiming;
const DELAY_MINUTES = delayMs / 60_000;
const ACT_NAME = `The ${'Very '.repeat(18)}Long Band Name`.slice(0, 100);
const ADDRESS = `${'1234 '.repeat(10)}${'Extraordinarily Long Avenue '.repeat(7)}`.slice(0, 200).trim();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ notices: defaultNoticeTiming });
});
afterAll(() => t.close());

describe('scheduling mail subjects', () => {
  it(`${TOGGLES} slot toggles with the longest names: no flood, every subject cut, every body whole`, async () => {
    const host = await buildHost(t.app);
    const performer = await buildPerformer(t.app, { email: 'long.names@example.test' });
    const venue = await t.app.inject({
      method: 'POST',
      url: '/v1/venues',
      headers: host.auth,
      payload: venueBody({ address: ADDRESS, available_slots: [{ slot_def: 'Slot 1' }] }),
    });
    expect(venue.statusCode, venue.body).toBe(201);
    const act = await t.app.inject({
      method: 'POST',
      url: '/v1/acts',
      headers: performer.auth,
      payload: actBody({ name: ACT_NAME }),
    });
    expect(act.statusCode, act.body).toBe(201);
    expect(act.json<{ name: string }>().name).toBe(ACT_NAME);
    const actId = act.json<{ id: number }>().id;

    const venueId = venue.json<{ id: number }>().id;
    const toggle = async (i: number) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/venues/${venueId}`,
        headers: host.auth,
        payload: { available_slots: [{ slot_def: 'Slot 1', scheduled_act_id: i % 2 === 0 ? actId : null }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const toPerformer = () => t.smtp.messages.filter((m) => m.envelopeTo.includes('long.names@example.test'));

    // As fast as a host clicks (10 s apart), the worker running between saves.
    for (let i = 0; i < TOGGLES; i++) {
      await toggle(i);
      t.clock.advanceMinutes(1 / 6);
      await t.deliverMail();
    }
    t.clock.advanceMinutes(60);
    await t.deliverMail();
    const rapid = toPerformer().length;

    // Each toggle left standing a minute longer than the delay: every one is news, and the cap holds.
    const stepMinutes = DELAY_MINUTES + 1;
    const sentAt: number[] = [];
    let minutes = 0;
    for (let i = 0; i < TOGGLES; i++) {
      await toggle(i);
      for (let m = 0; m < stepMinutes; m++) {
        t.clock.advanceMinutes(1);
        minutes += 1;
        await t.deliverMail();
        while (sentAt.length < toPerformer().length - rapid) sentAt.push(minutes);
      }
    }
    // Then until nothing waits (a capped notice goes when the hour of the oldest is out).
    const waiting = () => t.app.deps.db.kysely.selectFrom('schedule_notices').select('id').execute();
    for (let m = 0; m < 120 && (await waiting()).length > 0; m++) {
      t.clock.advanceMinutes(1);
      minutes += 1;
      await t.deliverMail();
      while (sentAt.length < toPerformer().length - rapid) sentAt.push(minutes);
    }
    const mails = toPerformer();
    const slow = mails.length - rapid;
    const busiestHour = Math.max(
      ...sentAt.map((at) => sentAt.filter((other) => other >= at && other < at + 60).length),
    );
    const longest = Math.max(...mails.map((m) => m.subject.length));
    console.log(
      `[mail subjects] ${TOGGLES} slot toggles 10 s apart: ${rapid} mails to the performer (before coalescing: ${TOGGLES}); ` +
        `${TOGGLES} toggles ${stepMinutes} minutes apart: ${slow} mails, the last ${sentAt.at(-1)} minutes after the first toggle, ` +
        `at most ${busiestHour} in an hour (cap ${capPerHour}); act name ${ACT_NAME.length} ` +
        `and address ${ADDRESS.length} characters; longest subject ${longest} characters ` +
        `(names cut at ${SUBJECT_NAME_MAX})`,
    );

    expect(rapid).toBe(0);
    expect(busiestHour).toBeLessThanOrEqual(capPerHour);
    expect(slow).toBeGreaterThanOrEqual(capPerHour);
    expect(slow).toBeLessThanOrEqual(TOGGLES);
    // Nothing is left waiting: every notice not undone went out.
    expect(await waiting()).toEqual([]);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.subject).not.toContain(ACT_NAME);
      expect(mail.subject).not.toContain(ADDRESS);
      expect(mail.subject).toContain(`${ACT_NAME.slice(0, 30)}`);
      expect(mail.subject).toContain('…');
      expect(mail.text).toContain(ACT_NAME);
      expect(mail.text).toContain(ADDRESS);
    }
    // The festival's name, the fixed words and two names of at most SUBJECT_NAME_MAX characters.
    expect(longest).toBeLessThanOrEqual(60 + 2 * SUBJECT_NAME_MAX);
  });
});
