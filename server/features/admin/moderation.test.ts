import { describe, expect, it } from 'vitest';
import { ActListResponseSchema, ActSchema } from '../../../contract/acts.js';
import { AuditResponseSchema } from '../../../contract/admin.js';
import { HIDDEN_REASON_MAX, ModerationMessages } from '../../../contract/moderation.js';
import { UserResourcesSchema } from '../../../contract/profiles.js';
import { ScheduleResponseSchema } from '../../../contract/schedule.js';
import { VenueListResponseSchema, VenueSchema } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { linkPreviews } from '../../web/link-preview.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';

// docs/behaviour.md#moderation, on both engines (TEST_DATABASE_URL runs this on PostgreSQL).

const {
  t,
  people: { admin, host, performer, stranger },
} = useTestApp({
  admin: (app) => buildAdmin(app, { name: 'Mona Moderator', email: 'mona@moderation.test' }),
  host: (app) => buildHost(app, { name: 'Hilda Host', email: 'hilda@moderation.test' }),
  performer: (app) => buildPerformer(app, { name: 'Pete Performer', email: 'pete@moderation.test' }),
  stranger: (app) => buildPerformer(app, { email: 'stranger@moderation.test' }),
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const setHidden = (kind: 'acts' | 'venues', id: number | string, payload: unknown, who: BuiltUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/v1/admin/${kind}/${id}/hidden`, headers: who.auth, payload: payload as object });
const actNames = async (url: string, headers: Headers = {}) =>
  ActListResponseSchema.parse((await get(url, headers)).json()).data.map((a) => a.name);
const venueAddresses = async (url: string, headers: Headers = {}) =>
  VenueListResponseSchema.parse((await get(url, headers)).json()).data.map((v) => v.address);
const actTotal = async () => ActListResponseSchema.parse((await get('/v1/acts?include_total=true')).json()).total;
const scheduleActs = async () =>
  ScheduleResponseSchema.parse((await get('/v1/schedule')).json()).data.flatMap((e) =>
    [e.slot_1, e.slot_2, e.slot_3, e.slot_4].flatMap((c) => (c ? [c.act_name] : [])),
  );
const scheduleAddresses = async () =>
  ScheduleResponseSchema.parse((await get('/v1/schedule')).json()).data.map((e) => e.address);
const outbox = () =>
  t.testDb.db.kysely
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'text_body', 'reply_to'])
    .orderBy('id')
    .execute();
const audit = async () => AuditResponseSchema.parse((await get('/v1/admin/audit', admin.auth)).json()).data;

describe('hiding and unhiding an act', () => {
  it('takes it out of every public read, keeps it for its owner and admins, mails the owner, audits, and unhiding restores it', async () => {
    const venue = await buildVenue(t.app, host, { address: '12 Quiet Lane', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'Loud Neighbours' });
    await buildAct(t.app, performer, { name: 'Polite Neighbours' });
    await scheduleAct(t.app, venue, 'Slot 1', act);

    expect(await actNames('/v1/acts')).toContain('Loud Neighbours');
    expect(await scheduleActs()).toContain('Loud Neighbours');
    const totalBefore = await actTotal();
    const etagBefore = (await get('/v1/schedule')).headers.etag as string;
    const calendarBefore = (await get('/v1/schedule.ics')).body;
    expect(calendarBefore).toContain('Loud Neighbours');
    const mailsBefore = (await outbox()).length;

    const res = await setHidden('acts', act, { hidden: true, reason: 'Bio links to a ticket tout' });
    expect(res.statusCode).toBe(200);
    const hidden = ActSchema.parse(res.json());
    expect(hidden.hidden).toMatchObject({
      reason: 'Bio links to a ticket tout',
      hidden_at: t.clock.now().toISOString(),
    });

    // Public: the lists and their totals, the detail, the schedule (a new ETag), the calendars.
    expect(await actNames('/v1/acts')).not.toContain('Loud Neighbours');
    expect(await actNames('/v1/acts', stranger.auth)).not.toContain('Loud Neighbours');
    expect(await actNames(`/v1/acts?creator_id=${performer.user.id}`)).toEqual(['Polite Neighbours']);
    expect(await actTotal()).toBe(totalBefore! - 1);
    expect(await actNames('/v1/acts?search=loud')).toEqual([]);
    for (const headers of [{}, stranger.auth, host.auth]) {
      const detail = await get(`/v1/acts/${act}`, headers);
      expect(detail.statusCode).toBe(404);
      expect(detail.json()).toMatchObject({ error: 'Act not found', message: 'Act not found' });
    }
    const scheduleAfter = await get('/v1/schedule', { 'if-none-match': etagBefore });
    expect(scheduleAfter.statusCode).toBe(200);
    expect(scheduleAfter.headers.etag).not.toBe(etagBefore);
    expect(await scheduleActs()).not.toContain('Loud Neighbours');
    expect((await get('/v1/schedule.ics')).body).not.toContain('Loud Neighbours');
    expect((await get(`/v1/acts/${act}/calendar.ics`)).statusCode).toBe(404);
    const profile = UserResourcesSchema.parse((await get(`/v1/auth/user/${performer.user.id}/resources`)).json());
    expect(profile.acts.map((a) => a.name)).toEqual(['Polite Neighbours']);
    // The venue's card shows the slot free to the public; its host still sees who is in it.
    const publicVenue = VenueSchema.parse((await get(`/v1/venues/${venue}`)).json());
    expect(publicVenue.available_slots.find((s) => s.slot_def === 'Slot 1')?.scheduled_act).toBeNull();
    const hostsVenue = VenueSchema.parse((await get(`/v1/venues/${venue}`, host.auth)).json());
    expect(hostsVenue.available_slots.find((s) => s.slot_def === 'Slot 1')?.scheduled_act).toEqual({
      id: act,
      name: 'Loud Neighbours',
    });
    // Other hosts are not offered it for their slots.
    const other = await buildVenue(t.app, host, { slots: ['Slot 2'] });
    const unmatched = await get(`/v1/acts/unmatched?venue_id=${other}&slot_def=Slot%202`);
    expect(unmatched.json().data.map((a: { name: string }) => a.name)).not.toContain('Loud Neighbours');
    // A shared link to its page gets the generic preview, not its name.
    const previews = linkPreviews(t.app.deps.db, t.app.deps.festival, 'http://porchfest.test');
    expect((await previews.forPath(`/acts/${act}`)).title).not.toContain('Loud Neighbours');
    // No one but the owner and admins can message it.
    const message = await t.app.inject({
      method: 'POST',
      url: '/v1/comments',
      headers: stranger.auth,
      payload: { entity_type: 'act', entity_id: act, message: '<p>Hello there</p>' },
    });
    expect(message.statusCode).toBe(404);

    // The owner: the detail, My Acts and their profile, each with the reason.
    const own = ActSchema.parse((await get(`/v1/acts/${act}`, performer.auth)).json());
    expect(own.hidden?.reason).toBe('Bio links to a ticket tout');
    const myActs = ActListResponseSchema.parse(
      (await get(`/v1/acts?creator_id=${performer.user.id}`, performer.auth)).json(),
    ).data;
    expect(myActs.map((a) => [a.name, a.hidden?.reason ?? null])).toEqual([
      ['Polite Neighbours', null],
      ['Loud Neighbours', 'Bio links to a ticket tout'],
    ]);
    const ownProfile = UserResourcesSchema.parse(
      (await get(`/v1/auth/user/resources?email=${performer.user.email}`, performer.auth)).json(),
    );
    expect(ownProfile.acts.map((a) => a.name)).toContain('Loud Neighbours');
    // Admins: the detail and every list, marked.
    expect(ActSchema.parse((await get(`/v1/acts/${act}`, admin.auth)).json()).hidden?.reason).toBe(
      'Bio links to a ticket tout',
    );
    expect(await actNames('/v1/acts', admin.auth)).toContain('Loud Neighbours');

    // One mail to the owner, replies to the committee; the audit entry with before and after.
    const mails = (await outbox()).slice(mailsBefore);
    expect(mails).toEqual([
      {
        to_address: 'pete@moderation.test',
        subject: 'Porchfest: "Loud Neighbours" is hidden by the committee',
        text_body: expect.stringContaining("The committee's reason: Bio links to a ticket tout"),
        reply_to: 'committee@porchfest.example.org',
      },
    ]);
    expect(mails[0]!.text_body).toContain(`http://porchfest.test/acts/${act}`);
    expect((await audit())[0]).toMatchObject({
      action: 'hide_act',
      actor: { name: 'Mona Moderator', email: 'mona@moderation.test' },
      target: { type: 'act', id: act, label: 'Loud Neighbours' },
      before: { hidden: false, reason: null },
      after: { hidden: true, reason: 'Bio links to a ticket tout' },
    });

    // Through a real SMTP server.
    const delivered = t.smtp.messages.length;
    await t.deliverMail();
    const sent = t.smtp.messages.slice(delivered).find((m) => m.envelopeTo.includes('pete@moderation.test'));
    expect(sent?.subject).toBe('Porchfest: "Loud Neighbours" is hidden by the committee');

    // Unhiding restores it everywhere, with a new schedule ETag, a mail and an audit entry.
    const etagHidden = (await get('/v1/schedule')).headers.etag as string;
    const shown = await setHidden('acts', act, { hidden: false });
    expect(shown.statusCode).toBe(200);
    expect(ActSchema.parse(shown.json()).hidden).toBeUndefined();
    expect(await actNames('/v1/acts')).toContain('Loud Neighbours');
    expect(await actTotal()).toBe(totalBefore);
    expect((await get(`/v1/acts/${act}`)).statusCode).toBe(200);
    expect((await get('/v1/schedule', { 'if-none-match': etagHidden })).statusCode).toBe(200);
    expect(await scheduleActs()).toContain('Loud Neighbours');
    expect((await get(`/v1/acts/${act}/calendar.ics`)).body).toContain('Loud Neighbours');
    expect((await previews.forPath(`/acts/${act}`)).title).toContain('Loud Neighbours');
    const last = (await outbox()).at(-1)!;
    expect(last).toMatchObject({
      to_address: 'pete@moderation.test',
      subject: 'Porchfest: "Loud Neighbours" is shown again',
    });
    expect((await audit())[0]).toMatchObject({
      action: 'unhide_act',
      before: { hidden: true, reason: 'Bio links to a ticket tout' },
      after: { hidden: false, reason: null },
    });
  });

  it('changes nothing and mails no one when asked for the state it is in; a new reason is recorded and mailed', async () => {
    const act = await buildAct(t.app, performer, { name: 'Steady Band' });
    const mails = (await outbox()).length;
    const entries = (await audit()).length;
    expect((await setHidden('acts', act, { hidden: false })).statusCode).toBe(200);
    expect((await outbox()).length).toBe(mails);
    expect((await audit()).length).toBe(entries);

    await setHidden('acts', act, { hidden: true, reason: 'First reason' });
    await setHidden('acts', act, { hidden: true, reason: 'First reason' });
    expect((await outbox()).length).toBe(mails + 1);
    const again = await setHidden('acts', act, { hidden: true, reason: 'A second reason' });
    expect(ActSchema.parse(again.json()).hidden?.reason).toBe('A second reason');
    expect((await outbox()).length).toBe(mails + 2);
    expect((await audit())[0]).toMatchObject({
      action: 'hide_act',
      before: { hidden: true, reason: 'First reason' },
      after: { hidden: true, reason: 'A second reason' },
    });
  });
});

describe('hiding and unhiding a venue', () => {
  it('takes the venue and its sets out of the public lists, map data and schedule, and keeps it for its host and admins', async () => {
    const venue = await buildVenue(t.app, host, { address: '7 Hidden Court', slots: ['Slot 3'] });
    const act = await buildAct(t.app, performer, { name: 'Court Jesters' });
    await scheduleAct(t.app, venue, 'Slot 3', act);
    expect(await venueAddresses('/v1/venues')).toContain('7 Hidden Court');
    expect(await scheduleAddresses()).toContain('7 Hidden Court');
    const venueEtag = (await get('/v1/venues')).headers.etag as string;
    const mailsBefore = (await outbox()).length;

    const res = await setHidden('venues', venue, { hidden: true, reason: 'Not a real address' });
    expect(res.statusCode).toBe(200);
    expect(VenueSchema.parse(res.json()).hidden?.reason).toBe('Not a real address');

    const list = await get('/v1/venues', { 'if-none-match': venueEtag });
    expect(list.statusCode).toBe(200);
    expect(await venueAddresses('/v1/venues')).not.toContain('7 Hidden Court');
    expect((await get(`/v1/venues/${venue}`)).statusCode).toBe(404);
    expect((await get(`/v1/venues/${venue}`, performer.auth)).statusCode).toBe(404);
    expect(await scheduleAddresses()).not.toContain('7 Hidden Court');
    expect(await scheduleActs()).not.toContain('Court Jesters');
    expect((await get('/v1/schedule.ics')).body).not.toContain('7 Hidden Court');
    // The act stays public, without its set at the hidden venue; its owner still sees the set.
    expect(ActSchema.parse((await get(`/v1/acts/${act}`)).json()).scheduled_venue_slots).toEqual([]);
    expect(ActSchema.parse((await get(`/v1/acts/${act}`, performer.auth)).json()).scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 3', venue: { id: venue, address: '7 Hidden Court' } },
    ]);

    const mine = VenueListResponseSchema.parse(
      (await get(`/v1/venues?creator_id=${host.user.id}`, host.auth)).json(),
    ).data.find((v) => v.id === venue);
    expect(mine?.hidden?.reason).toBe('Not a real address');
    expect(VenueSchema.parse((await get(`/v1/venues/${venue}`, admin.auth)).json()).hidden?.reason).toBe(
      'Not a real address',
    );
    expect(await venueAddresses('/v1/venues', admin.auth)).toContain('7 Hidden Court');

    expect((await outbox()).slice(mailsBefore)).toEqual([
      expect.objectContaining({
        to_address: 'hilda@moderation.test',
        subject: 'Porchfest: 7 Hidden Court is hidden by the committee',
        text_body: expect.stringContaining("The committee's reason: Not a real address"),
      }),
    ]);
    expect((await audit())[0]).toMatchObject({
      action: 'hide_venue',
      target: { type: 'venue', id: venue, label: '7 Hidden Court' },
      after: { hidden: true, reason: 'Not a real address' },
    });

    expect((await setHidden('venues', venue, { hidden: false })).statusCode).toBe(200);
    expect(await venueAddresses('/v1/venues')).toContain('7 Hidden Court');
    expect(await scheduleActs()).toContain('Court Jesters');
    expect((await outbox()).at(-1)).toMatchObject({ subject: 'Porchfest: 7 Hidden Court is shown again' });
    expect((await audit())[0]).toMatchObject({ action: 'unhide_venue' });
  });
});

describe('refusals', () => {
  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const act = await buildAct(t.app, performer);
    const cases: Array<[unknown, string, string?]> = [
      [{ hidden: true }, 'reason', ModerationMessages.reasonRequired],
      [{ hidden: true, reason: '   ' }, 'reason', ModerationMessages.reasonRequired],
      [{ hidden: true, reason: '\u200b\u200b' }, 'reason', ModerationMessages.reasonRequired],
      [{ hidden: true, reason: 42 }, 'reason', ModerationMessages.reasonRequired],
      [{ hidden: true, reason: 'x'.repeat(HIDDEN_REASON_MAX + 1) }, 'reason'],
      [{ hidden: true, reason: 'Line one\nline two' }, 'reason'],
      [{ hidden: true, reason: 'evil \u202e reversed' }, 'reason'],
      [{ reason: 'No flag' }, 'hidden'],
      [{ hidden: 'yes', reason: 'Flag as text' }, 'hidden'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await setHidden('acts', act, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.fields).toHaveProperty(field);
      if (message) expect(body.fields[field]).toBe(message);
    }
    expect((await get(`/v1/acts/${act}`)).statusCode).toBe(200);
    // The reason is stored trimmed and in NFC.
    const ok = await setHidden('acts', act, { hidden: true, reason: '  Cafe\u0301 spam  ' });
    expect(ActSchema.parse(ok.json()).hidden?.reason).toBe('Café spam');
  });

  it('answers unknown ids with a 404 JSON and bad ids with a 400', async () => {
    for (const kind of ['acts', 'venues'] as const) {
      const missing = await setHidden(kind, 999_999, { hidden: true, reason: 'Gone' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: kind === 'acts' ? 'Act not found' : 'Venue not found' });
      const bad = await setHidden(kind, 'abc', { hidden: true, reason: 'Bad id' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('id');
    }
  });

  it('refuses anyone but an admin, the owner included, and changes nothing', async () => {
    const act = await buildAct(t.app, performer);
    const venue = await buildVenue(t.app, host);
    for (const who of [performer, host, stranger]) {
      expect((await setHidden('acts', act, { hidden: true, reason: 'Mine' }, who)).statusCode).toBe(403);
      expect((await setHidden('venues', venue, { hidden: true, reason: 'Mine' }, who)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/v1/admin/acts/${act}/hidden`,
      payload: { hidden: true, reason: 'Anyone' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(`/v1/acts/${act}`)).statusCode).toBe(200);
    expect((await get(`/v1/venues/${venue}`)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents both endpoints', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    expect(doc.paths['/v1/admin/acts/{id}/hidden']?.put).toBeDefined();
    expect(doc.paths['/v1/admin/venues/{id}/hidden']?.put).toBeDefined();
  });
});
