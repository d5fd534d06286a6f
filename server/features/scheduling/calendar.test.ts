import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../../contract/festival-time.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';

const {
  t,
  people: { host, performer },
} = useTestApp({ host: buildHost, performer: buildPerformer });

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  url: string | undefined;
  start: number;
  end: number;
}

/** Parses a calendar file with ical.js, as a calendar application would. */
function parseCalendar(body: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      url: vevent.getFirstPropertyValue('url')?.toString(),
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
    };
  });
  return { calendar, events };
}

/** A slot's start and end on the festival date in the festival's zone, from the configuration. */
function configured(slotName: string): { start: number; end: number } {
  const { festival } = t.app.deps;
  const slot = festival.slots.find((s) => s.name === slotName)!;
  return {
    start: zonedInstant(festival.event.date, slot.start, festival.timezone),
    end: zonedInstant(festival.event.date, slot.end, festival.timezone),
  };
}

describe('GET /v1/acts/{id}/calendar.ics', () => {
  it("gives the act's sets with the configuration's times, its name, the venue address and its page", async () => {
    const name = 'Café Olé, "Les Étoiles"; and friends';
    const actId = await buildAct(t.app, performer, { name });
    const early = await buildVenue(t.app, host, { address: '27 Church Street, Apt; 2', slots: ['Slot 2'] });
    const late = await buildVenue(t.app, host, { address: '3 Elm Row', slots: ['Slot 4'] });
    await scheduleAct(t.app, early, 'Slot 2', actId);
    await scheduleAct(t.app, late, 'Slot 4', actId);

    const res = await t.app.inject({ method: 'GET', url: `/v1/acts/${actId}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { calendar, events } = parseCalendar(res.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(events).toEqual([
      {
        uid: `set-${early}-2@porchfest.test`,
        summary: name,
        location: '27 Church Street, Apt; 2, Ithaca, NY',
        url: `http://porchfest.test/acts/${actId}`,
        ...configured('Slot 2'),
      },
      {
        uid: `set-${late}-4@porchfest.test`,
        summary: name,
        location: '3 Elm Row, Ithaca, NY',
        url: `http://porchfest.test/acts/${actId}`,
        ...configured('Slot 4'),
      },
    ]);
    // 1:30pm EDT is 17:30 UTC.
    expect(new Date(events[0]!.start).toISOString()).toBe('2025-06-14T17:30:00.000Z');
    for (const vevent of calendar.getAllSubcomponents('vevent')) expect(vevent.hasProperty('dtstamp')).toBe(true);
  });

  it('answers an unscheduled act with an empty but valid calendar', async () => {
    const actId = await buildAct(t.app, performer, { name: 'Nobody Asked' });
    const res = await t.app.inject({ method: 'GET', url: `/v1/acts/${actId}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    const { calendar, events } = parseCalendar(res.body);
    expect(calendar.name).toBe('vcalendar');
    expect(events).toEqual([]);
  });

  it('answers an unknown act with a 404 JSON error, and a bad id with a 400 naming it', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/acts/2147483000/calendar.ics' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: expect.any(String), message: 'Act not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/v1/acts/first/calendar.ics' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });

  it('keeps its ETag until the sets change, and answers a matching If-None-Match with a 304', async () => {
    const actId = await buildAct(t.app, performer, { name: 'Tagged' });
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1', 'Slot 3'] });
    await scheduleAct(t.app, venue, 'Slot 1', actId);
    const url = `/v1/acts/${actId}/calendar.ics`;
    const first = await t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await scheduleAct(t.app, venue, 'Slot 3', actId);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(parseCalendar(changed.body).events).toHaveLength(2);
  });
});

describe('GET /v1/schedule.ics', () => {
  it('holds every scheduled set, and follows the schedule as it changes', async () => {
    const actId = await buildAct(t.app, performer, { name: `Whole Day ${Date.now()}` });
    const venue = await buildVenue(t.app, host, { address: '9 Schedule Square', slots: ['Slot 3'] });
    const before = await t.app.inject({ method: 'GET', url: '/v1/schedule.ics' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const etag = before.headers.etag as string;
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/schedule.ics', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    await scheduleAct(t.app, venue, 'Slot 3', actId);
    const after = await t.app.inject({ method: 'GET', url: '/v1/schedule.ics', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const { events } = parseCalendar(after.body);
    const set = events.find((e) => e.uid === `set-${venue}-3@porchfest.test`);
    expect(set).toMatchObject({
      location: '9 Schedule Square, Ithaca, NY',
      url: `http://porchfest.test/acts/${actId}`,
      ...configured('Slot 3'),
    });
    // Every set in the database is in the file, each once.
    const sets = await t.app.deps.db.kysely
      .selectFrom('venue_slots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scheduled_act_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(events).toHaveLength(Number(sets.n));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });
});
