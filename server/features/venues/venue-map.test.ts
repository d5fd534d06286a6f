import { describe, expect, it } from 'vitest';
import type { ScheduleResponse } from '../../../contract/schedule.js';
import type { Venue, VenueListResponse } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost } from '../../test/builders.js';
import { buildAct, scheduleAct, venueBody } from '../../test/catalogue-builders.js';
import { NO_PIN_OR_AMENITIES } from '../../test/venue-fields.js';

// festival.config.json's box: [[42.41, -76.55], [42.48, -76.45]].
const INSIDE = { latitude: 42.444, longitude: -76.5019 };

const {
  t,
  people: { owner, otherHost, admin },
} = useTestApp({ owner: buildHost, otherHost: buildHost, admin: buildAdmin });

type Headers = Record<string, string>;
const post = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/venues', headers, payload });
const patch = (id: number, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/v1/venues/${id}/no_slots`, headers, payload });
const get = (id: number) => t.app.inject({ method: 'GET', url: `/v1/venues/${id}` });

async function created(payload: Record<string, unknown>): Promise<Venue> {
  const res = await post(owner.auth, venueBody(payload));
  expect(res.statusCode).toBe(201);
  return res.json<Venue>();
}

describe('venue pins', () => {
  it('stores a pin inside the festival box and shows it on the venue', async () => {
    const venue = await created(INSIDE);
    expect(venue).toMatchObject(INSIDE);
    expect((await get(venue.id)).json()).toMatchObject(INSIDE);
  });

  it('has no pin and no amenities when the form leaves them out', async () => {
    const venue = await created({});
    expect(venue).toMatchObject(NO_PIN_OR_AMENITIES);
  });

  it('refuses coordinates outside the box, naming the field', async () => {
    const north = await post(owner.auth, venueBody({ latitude: 43.5, longitude: -76.5 }));
    expect(north.statusCode).toBe(400);
    expect(north.json()).toMatchObject({ code: 'validation_failed', fields: { latitude: expect.any(String) } });
    expect(north.json().error).toEqual(expect.any(String));

    const east = await post(owner.auth, venueBody({ latitude: 42.44, longitude: -70 }));
    expect(east.statusCode).toBe(400);
    expect(east.json().fields).toEqual({ longitude: expect.stringContaining("festival's area") });
  });

  it('refuses half a pin, text for a number and a point off the globe', async () => {
    const half = await post(owner.auth, venueBody({ latitude: 42.44 }));
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toHaveProperty('longitude');

    const text = await post(owner.auth, venueBody({ latitude: '42.44', longitude: -76.5 }));
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toHaveProperty('latitude');

    const offGlobe = await post(owner.auth, venueBody({ latitude: 142, longitude: -76.5 }));
    expect(offGlobe.statusCode).toBe(400);
    expect(offGlobe.json().fields).toHaveProperty('latitude');
  });

  it('keeps the pin when an edit leaves it out, clears it with null, and refuses a move out of the box', async () => {
    const venue = await created(INSIDE);
    const kept = await patch(venue.id, owner.auth, venueBody({ address: '3 Oak Lane' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ address: '3 Oak Lane', ...INSIDE });

    const outside = await patch(venue.id, owner.auth, venueBody({ latitude: 10, longitude: 10 }));
    expect(outside.statusCode).toBe(400);
    expect((await get(venue.id)).json()).toMatchObject(INSIDE);

    const cleared = await patch(venue.id, owner.auth, venueBody({ latitude: null, longitude: null }));
    expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('lets an admin move any pin, and no other host', async () => {
    const venue = await created(INSIDE);
    const moved = { latitude: 42.45, longitude: -76.49 };
    expect((await patch(venue.id, otherHost.auth, venueBody(moved))).statusCode).toBe(403);
    expect((await get(venue.id)).json()).toMatchObject(INSIDE);
    const res = await patch(venue.id, admin.auth, venueBody(moved));
    expect(res.statusCode).toBe(200);
    expect((await get(venue.id)).json()).toMatchObject(moved);
  });
});

describe('venue amenities', () => {
  it('stores the amenities and a trimmed accessibility note', async () => {
    const venue = await created({
      step_free: true,
      shade: true,
      accessibility_note: '  Ramp at the side gate; ask for a chair.  ',
    });
    expect(venue).toMatchObject({
      step_free: true,
      seating: false,
      shade: true,
      restroom_nearby: false,
      accessibility_note: 'Ramp at the side gate; ask for a chair.',
    });
  });

  it('refuses a note over 300 characters or with control characters, naming the field', async () => {
    const long = await post(owner.auth, venueBody({ accessibility_note: 'x'.repeat(301) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.accessibility_note).toBe('Must be at most 300 characters');
    expect((await post(owner.auth, venueBody({ accessibility_note: 'x'.repeat(300) }))).statusCode).toBe(201);

    const hidden = await post(owner.auth, venueBody({ accessibility_note: 'Ramp\u202eetag' }));
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields).toHaveProperty('accessibility_note');

    const notBoolean = await post(owner.auth, venueBody({ seating: 'yes' }));
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fields).toHaveProperty('seating');
  });

  it('filters the venue list by each amenity asked for', async () => {
    const marker = `Amenity Row ${Date.now()}`;
    const both = await created({ address: `${marker} 1`, step_free: true, restroom_nearby: true });
    const stepFree = await created({ address: `${marker} 2`, step_free: true });
    await created({ address: `${marker} 3` });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/venues?search=${encodeURIComponent(marker)}&order_by=address${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<VenueListResponse>().data.map((v) => v.id);
    };
    expect(await list('&step_free=true')).toEqual([both.id, stepFree.id]);
    expect(await list('&step_free=true&restroom_nearby=true')).toEqual([both.id]);
    expect(await list('&step_free=false')).toHaveLength(3);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/venues?shade=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('shade');
  });

  it('documents the amenity filters of GET /v1/venues in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>();
    // The list route is registered as '/v1/venues/' (Fastify's prefix); '/v1/venues' answers too.
    const query = (doc.paths['/v1/venues/']?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['step_free', 'seating', 'shade', 'restroom_nearby']));
  });
});

describe('GET /v1/schedule', () => {
  it('carries each venue’s pin and amenities, and a moved pin shows at once', async () => {
    const venue = await created({ ...INSIDE, seating: true, accessibility_note: 'Two steps up' });
    const act = await buildAct(t.app, (await buildHost(t.app)).user);
    await scheduleAct(t.app, venue.id, 'Slot 1', act);
    const entry = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/schedule' });
      expect(res.statusCode).toBe(200);
      return res.json<ScheduleResponse>().data.find((e) => e.id === venue.id);
    };
    expect(await entry()).toMatchObject({
      ...INSIDE,
      seating: true,
      step_free: false,
      accessibility_note: 'Two steps up',
    });

    const moved = { latitude: 42.46, longitude: -76.48 };
    expect((await patch(venue.id, owner.auth, venueBody({ ...moved, shade: true }))).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ ...moved, shade: true });
  });
});
