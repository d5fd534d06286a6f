import { describe, expect, it } from 'vitest';
import { DraftMessages, DraftSchema, type Draft } from '../../../contract/drafts.js';
import { ScheduleResponseSchema } from '../../../contract/schedule.js';
import { TWO_OF_EACH, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, saveSlots } from '../../test/catalogue-builders.js';
import { useTestApp } from '../../test/use-test-app.js';

const {
  t,
  people: { admin, host, otherHost, performer, otherPerformer },
} = useTestApp(TWO_OF_EACH);

const create = (who: BuiltUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/admin/schedule-drafts',
    headers: who?.auth ?? {},
    payload: payload as object,
  });
const read = (id: number, who: BuiltUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/v1/admin/schedule-drafts/${id}`, headers: who?.auth ?? {} });
const apply = (id: number, payload: unknown, who: BuiltUser | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/admin/schedule-drafts/${id}/apply`,
    headers: who?.auth ?? {},
    payload: payload as object,
  });

/** Drafts and polls, as the desk does, until the draft is done. */
async function draft(day: 'festival' | 'rain', keep: 'scheduled' | 'none'): Promise<Draft> {
  const res = await create(admin, { day, keep });
  expect(res.statusCode).toBe(202);
  const { id, status } = res.json<{ id: number; status: string }>();
  expect(status).toBe('solving');
  for (let i = 0; i < 600; i++) {
    const body = DraftSchema.parse((await read(id)).json());
    if (body.status !== 'solving') {
      expect(body.status, body.error ?? '').toBe('done');
      return body;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the draft never finished');
}

async function publicSets(): Promise<Set<string>> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/schedule' });
  const sets = new Set<string>();
  for (const venue of ScheduleResponseSchema.parse(res.json()).data) {
    for (const slot of ['slot_1', 'slot_2', 'slot_3', 'slot_4'] as const) {
      const cell = venue[slot];
      if (cell) sets.add(`${venue.id}|Slot ${slot.slice(5)}|${cell.act_id}`);
    }
  }
  return sets;
}

describe('the committee’s draft schedule', () => {
  it('is for admins only: 401 anonymous, 403 for a host or performer whatever the body', async () => {
    for (const body of [{ day: 'festival', keep: 'scheduled' }, {}]) {
      expect((await create(null, body)).statusCode).toBe(401);
      expect((await create(host, body)).statusCode).toBe(403);
      expect((await create(performer, body)).statusCode).toBe(403);
    }
    expect((await read(1, null)).statusCode).toBe(401);
    expect((await read(1, performer)).statusCode).toBe(403);
    expect((await apply(1, {}, host)).statusCode).toBe(403);
    const bad = await create(admin, { day: 'sunny', keep: 'scheduled' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('day');
    const missing = await read(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DraftMessages.notFound);
  });

  it('drafts, reviews and applies a chosen subset through the hosts’ path, with notices; a stale draft is a 409', async () => {
    // Porch A offers only noon; porch B only 1:30pm. The noon-only act must get A even though the
    // flexible act fits A better (genre): then both play.
    const a = await buildVenue(t.app, host, { address: '1 Noon Street', slots: ['Slot 1'], genres: ['rock'] });
    const b = await buildVenue(t.app, otherHost, { address: '2 Later Lane', slots: ['Slot 2'], genres: ['folk'] });
    const c = await buildVenue(t.app, otherHost, {
      address: '3 Quiet Court',
      slots: ['Slot 3'],
      provide_electric: 'no',
    });
    const noonOnly = await buildAct(t.app, performer, {
      name: 'Noon Only',
      type: 'folk',
      preferred_slots: ['Slot 1'],
      sound_system: 'dont_need',
    });
    const flexible = await buildAct(t.app, otherPerformer, {
      name: 'Flexible Rockers',
      type: 'rock',
      preferred_slots: ['Slot 1', 'Slot 2'],
      sound_system: 'dont_need',
    });
    const loud = await buildAct(t.app, otherPerformer, {
      name: 'Loud At Three',
      preferred_slots: ['Slot 3'],
      sound_system: 'bring_own',
    });

    const d = await draft('festival', 'scheduled');
    const byAct = new Map(d.assignments.map((x) => [x.act_id, x]));
    expect(byAct.get(noonOnly)).toMatchObject({ venue_id: a, slot_def: 'Slot 1', change: 'new' });
    expect(byAct.get(flexible)).toMatchObject({ venue_id: b, slot_def: 'Slot 2', change: 'new' });
    expect(byAct.get(flexible)!.reasons.length).toBeGreaterThan(0);
    // The amplified act cannot play the porch with no electricity: unplaced, with the rule named.
    expect(byAct.has(loud)).toBe(false);
    const why = d.unplaced.find((u) => u.act_id === loud);
    expect(why?.reasons.map((r) => r.code)).toContain('needs_electricity');
    expect(d.placed).toBe(2);
    expect(d.optimal).toBe(true);
    expect(d.before).toMatchObject({ acts_placed: 0 });
    expect(d.after).toMatchObject({ acts_placed: 2, porches_used: 2 });
    expect(c).toBeGreaterThan(0);

    // Apply only the noon set.
    const before = await countNotices();
    const res = await apply(d.id, { changes: [{ venue_id: a, slot_def: 'Slot 1' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1 });
    const sets = await publicSets();
    expect(sets.has(`${a}|Slot 1|${noonOnly}`)).toBe(true);
    expect(sets.has(`${b}|Slot 2|${flexible}`)).toBe(false);
    // The usual coalesced notice to the act's owner is queued; it says the committee made the
    // change. The porch's host gets a mail listing the changed slot.
    expect(await countNotices()).toBeGreaterThan(before);
    await t.flushNotices();
    const outbox = await t.app.deps.db.kysely
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .execute();
    const toPerformer = outbox.find((m) => m.to_address === performer.user.email && m.subject.includes('Noon Only'));
    expect(toPerformer?.text_body).toContain(
      'The Porchfest committee has scheduled your act "Noon Only" to play at 1 Noon Street',
    );
    const toHost = outbox.find((m) => m.to_address === host.user.email);
    expect(toHost?.subject).toBe('Porchfest: the committee changed the schedule at 1 Noon Street');
    expect(toHost?.text_body).toContain(': "Noon Only"');
    expect(outbox.some((m) => m.to_address === otherHost.user.email)).toBe(false);
    const audit = await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: admin.auth });
    expect(JSON.stringify(audit.json())).toContain('apply_schedule_draft');

    // A change from outside makes the draft stale.
    await saveSlots(t.app, otherHost, b, [{ slot_def: 'Slot 2', scheduled_act_id: null }, { slot_def: 'Slot 4' }]);
    const stale = await apply(d.id, {});
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(DraftMessages.stale);

    // A change the draft does not have is a 400 naming it.
    const fresh = await draft('festival', 'scheduled');
    const unknown = await apply(fresh.id, { changes: [{ venue_id: c, slot_def: 'Slot 1' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('changes.0');
  });

  it('answers 409 to a second draft while one is solving', async () => {
    const first = await create(admin, { day: 'festival', keep: 'none' });
    const second = await create(admin, { day: 'festival', keep: 'none' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(DraftMessages.busy);
    await t.app.drafts.settled();
  });
});

async function countNotices(): Promise<number> {
  const row = await t.app.deps.db.kysely
    .selectFrom('schedule_notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
