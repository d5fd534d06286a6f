import { describe, expect, it } from 'vitest';
import { AuditResponseSchema } from '../../../contract/admin.js';
import {
  AnnouncementsResponseSchema,
  DeskAnnouncementSchema,
  DeskAnnouncementsResponseSchema,
} from '../../../contract/announcements.js';
import { secondApp } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, type BuiltUser } from '../../test/builders.js';

const {
  t,
  people: { admin },
} = useTestApp({ admin: (app) => buildAdmin(app, { name: 'Ada Announcer' }) });

// The test clock starts on 2025-05-01 at 12:00 UTC.
const valid = {
  text: 'Lemonade stand at 12 Elm Street all afternoon.',
  link_url: 'https://example.org/lemonade',
  level: 'info',
  starts_at: '2025-05-01T08:00:00-04:00',
  ends_at: '2025-05-02T08:00:00-04:00',
};
const post = (payload: Record<string, unknown>, who: BuiltUser = admin) =>
  t.app.inject({ method: 'POST', url: '/v1/admin/announcements', headers: who.auth, payload });
const publicList = async () => AnnouncementsResponseSchema.parse((await t.app.inject('/v1/announcements')).json());
const deskList = async () =>
  DeskAnnouncementsResponseSchema.parse(
    (await t.app.inject({ url: '/v1/admin/announcements?limit=100', headers: admin.auth })).json(),
  );
const audit = async () =>
  AuditResponseSchema.parse((await t.app.inject({ url: '/v1/admin/audit', headers: admin.auth })).json());
const remove = (id: number, who: BuiltUser = admin) =>
  t.app.inject({ method: 'DELETE', url: `/v1/admin/announcements/${id}`, headers: who.auth });

describe('announcements', () => {
  it('an admin posts one; everyone sees it while it is in force; the desk lists it; deleting removes it; each is audited', async () => {
    const res = await post({ ...valid, ends_at: '2025-05-01T15:00:00Z' });
    expect(res.statusCode, res.body).toBe(201);
    const posted = DeskAnnouncementSchema.parse(res.json());
    expect(posted).toMatchObject({
      text: valid.text,
      link_url: valid.link_url,
      level: 'info',
      starts_at: '2025-05-01T12:00:00.000Z',
      ends_at: '2025-05-01T15:00:00.000Z',
      source: 'desk',
      status: 'showing',
    });

    // Anonymous visitors see it, with nothing of the desk's.
    const seen = await publicList();
    expect(seen.data).toEqual([
      {
        id: posted.id,
        text: valid.text,
        link_url: valid.link_url,
        level: 'info',
        starts_at: posted.starts_at,
        ends_at: posted.ends_at,
      },
    ]);

    // One that starts in two hours is on the desk as scheduled, not yet public.
    const later = DeskAnnouncementSchema.parse(
      (
        await post({
          ...valid,
          text: 'Rain plan tomorrow',
          link_url: '',
          level: 'warning',
          starts_at: '2025-05-01T14:00:00Z',
          ends_at: '2025-05-03T12:00:00Z',
        })
      ).json(),
    );
    expect(later).toMatchObject({ link_url: null, level: 'warning', status: 'scheduled' });
    expect((await publicList()).data.map((a) => a.id)).toEqual([posted.id]);
    const desk = await deskList();
    expect(desk.data.map((a) => [a.id, a.status])).toEqual([
      [later.id, 'scheduled'],
      [posted.id, 'showing'],
    ]);

    const entries = await audit();
    expect(entries.data[0]).toMatchObject({
      action: 'post_announcement',
      actor: { name: 'Ada Announcer' },
      target: { type: 'announcement', id: later.id, label: 'Rain plan tomorrow' },
      before: null,
      after: { text: 'Rain plan tomorrow', level: 'warning', starts_at: '2025-05-01T14:00:00.000Z' },
    });

    // Four hours on, the first has ended and the second shows.
    t.clock.advanceMinutes(4 * 60);
    try {
      expect((await publicList()).data.map((a) => a.id)).toEqual([later.id]);
      expect((await deskList()).data.map((a) => a.status)).toEqual(['showing', 'ended']);
    } finally {
      t.clock.advanceMinutes(-4 * 60);
    }

    expect((await remove(posted.id)).statusCode).toBe(204);
    expect((await publicList()).data).toEqual([]);
    const afterDelete = await audit();
    expect(afterDelete.total).toBe(entries.total + 1);
    expect(afterDelete.data[0]).toMatchObject({
      action: 'delete_announcement',
      target: { type: 'announcement', id: posted.id },
      before: { text: valid.text, link_url: valid.link_url },
      after: null,
    });
    // Deleting it again is a 404 and writes nothing.
    const again = await remove(posted.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Announcement not found' });
    expect((await audit()).total).toBe(afterDelete.total);
    await remove(later.id);
  });

  it('answers 304 to its ETag until the announcements in force change, on any app process', async () => {
    const first = await t.app.inject('/v1/announcements');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const etag = String(first.headers.etag);
    const same = await t.app.inject({ url: '/v1/announcements', headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    // Posted through a second app on the same database, as behind a load balancer.
    const other = await secondApp(t);
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/v1/admin/announcements',
        headers: admin.auth,
        payload: { ...valid, text: 'Posted elsewhere' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const changed = await t.app.inject({ url: '/v1/announcements', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(AnnouncementsResponseSchema.parse(changed.json()).data.map((a) => a.text)).toEqual(['Posted elsewhere']);
      const id = DeskAnnouncementSchema.parse(res.json()).id;
      expect(
        (await other.inject({ method: 'DELETE', url: `/v1/admin/announcements/${id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(204);
    } finally {
      await other.close();
    }
    const back = await t.app.inject({ url: '/v1/announcements', headers: { 'if-none-match': etag } });
    expect(back.statusCode).toBe(304);
  });

  it('refuses bad input with a 400 naming each field, and stores nothing', async () => {
    const before = (await deskList()).total;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...valid, text: '   ' }, { text: 'Text is required' }],
      [{ ...valid, text: 'x'.repeat(281) }, { text: 'Must be at most 280 characters' }],
      [{ ...valid, text: 'Hidden\u202eevil' }, { text: 'Must not contain text-direction override characters' }],
      [
        { ...valid, link_url: 'javascript:alert(1)' },
        { link_url: 'Must be a web address starting with http:// or https://' },
      ],
      [
        { ...valid, link_url: 'data:text/html,<script>alert(1)</script>' },
        { link_url: 'Must be a web address starting with http:// or https://' },
      ],
      [{ ...valid, level: 'danger' }, { level: 'Must be one of info, warning' }],
      [{ ...valid, ends_at: valid.starts_at }, { ends_at: 'Must be after the start' }],
      [
        { ...valid, starts_at: 'tomorrow' },
        { starts_at: 'Must be a date and time with its offset, such as 2025-06-13T18:00:00-04:00' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect((await deskList()).total).toBe(before);
  });

  it('is the committee’s: a host cannot post, list or delete', async () => {
    const host = await buildHost(t.app);
    const res = await post(valid);
    const id = DeskAnnouncementSchema.parse(res.json()).id;
    expect((await post(valid, host)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/admin/announcements', headers: host.auth })).statusCode).toBe(403);
    expect((await remove(id, host)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/announcements', payload: {} })).statusCode).toBe(401);
    expect((await publicList()).data.map((a) => a.id)).toContain(id);
    await remove(id);
  });
});

describe('the rain date switch', () => {
  it('posts its announcement, and switching back replaces it', async () => {
    /** Switches the rain date and returns the announcements the public sees then. */
    const sw = async (active: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/admin/settings/rain-date',
        headers: admin.auth,
        payload: { active },
      });
      expect(res.statusCode).toBe(200);
      return (await publicList()).data;
    };
    const moved = await sw(true);
    expect(moved).toEqual([
      expect.objectContaining({
        text: 'Porchfest moves to the rain date: Sunday, June 15, 2025, 12pm to 5:30pm.',
        level: 'warning',
        link_url: 'http://porchfest.test/schedule',
        starts_at: '2025-05-01T12:00:00.000Z',
        // The end of the rain date, 5:30pm EDT.
        ends_at: '2025-06-15T21:30:00.000Z',
      }),
    ]);
    expect((await audit()).data[0]).toMatchObject({ action: 'set_rain_date' });

    const back = await sw(false);
    expect(back).toEqual([
      expect.objectContaining({
        text: 'Porchfest is back on its date: Saturday, June 14, 2025, 12pm to 5:30pm.',
        level: 'info',
      }),
    ]);
    const desk = await deskList();
    expect(desk.data.filter((a) => a.source === 'rain_date')).toHaveLength(1);
    await remove(back[0]!.id);
  });
});
