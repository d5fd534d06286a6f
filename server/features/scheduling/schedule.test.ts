import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleResponseSchema, type ScheduleResponse } from '../../../contract/schedule.js';
import { openDb, type Db } from '../../db/connection.js';
import { secondApp } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer, buildUser } from '../../test/builders.js';
import { actBody, buildAct, buildVenue, saveSlots, venueBody, type SlotChoice } from '../../test/catalogue-builders.js';
import { NO_PIN_OR_AMENITIES } from '../../test/venue-fields.js';

const {
  t,
  people: { host, performer },
} = useTestApp({ host: buildHost, performer: buildPerformer });

type Headers = Record<string, string>;

const getSchedule = (headers: Headers = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/v1/schedule', headers });
const schedule = async (app: FastifyInstance = t.app) =>
  ScheduleResponseSchema.parse((await getSchedule({}, app)).json());
const etag = async () => (await getSchedule()).headers.etag as string;
const setSlots = (venue: number, slots: SlotChoice[], who = host) => saveSlots(t.app, who, venue, slots);
const entryOf = (s: ScheduleResponse, venue: number) => s.data.find((e) => e.id === venue);

describe('GET /v1/schedule', () => {
  it('lists each venue with a scheduled act once, by address, with the act in its slot column', async () => {
    expect(await schedule()).toEqual({ data: [] });

    const ten = await buildVenue(t.app, host, { address: '10 Elm Street', slots: ['Slot 1', 'Slot 3'] });
    const nine = await buildVenue(t.app, host, { address: '9 elm street', slots: ['Slot 2'] });
    const empty = await buildVenue(t.app, host, { address: '1 Empty Porch', slots: ['Slot 1', 'Slot 2'] });
    const folk = await buildAct(t.app, performer, {
      name: 'Fiddle & Friends',
      type: 'folk',
      bio: '<h1>Hello <strong>neighbours</strong> &amp; friends</h1><p><br></p><p>We play <em>reels</em>.</p>',
    });
    const jazz = await buildAct(t.app, performer, {
      name: 'Stoop Jazz',
      type: 'jazz',
      bio: '<p>Cool <a href="https://x.test">cats</a></p>',
    });
    await setSlots(ten, [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 3', scheduled_act_id: folk }]);
    await setSlots(nine, [{ slot_def: 'Slot 2', scheduled_act_id: jazz }]);

    const { data } = await schedule();
    // Numbers in addresses sort as numbers and case is ignored; the venue with no act is left out.
    expect(data.map((e) => e.address)).toEqual(['9 elm street', '10 Elm Street']);
    expect(entryOf({ data }, empty)).toBeUndefined();
    expect(entryOf({ data }, ten)).toEqual({
      id: ten,
      address: '10 Elm Street',
      address_url: 'https://www.google.com/maps/search/?api=1&query=10%20Elm%20Street%2C%20Ithaca%2C%20NY',
      ...NO_PIN_OR_AMENITIES,
      slot_1: null,
      slot_2: null,
      // The description is the bio's text (decision 0007): no tags, entities decoded, blocks as lines.
      slot_3: {
        act_id: folk,
        act_name: 'Fiddle & Friends',
        act_description: 'Hello neighbours & friends\n\nWe play reels.',
        act_genre: 'folk',
      },
      slot_4: null,
    });
    expect(entryOf({ data }, nine)?.slot_2).toEqual({
      act_id: jazz,
      act_name: 'Stoop Jazz',
      act_description: 'Cool cats',
      act_genre: 'jazz',
    });
  });

  it('answers with a strong ETag and revalidation headers, and 304 with no body for a matching If-None-Match', async () => {
    const res = await getSchedule();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const tag = res.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    for (const ifNoneMatch of [tag, `W/${tag}`, `"something-else", ${tag}`, '*']) {
      const again = await getSchedule({ 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['content-length']).toBeUndefined();
      expect(again.headers.etag).toBe(tag);
    }
    expect((await getSchedule({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('sends brotli or gzip when accepted, each with its own tag, the same JSON once decoded', async () => {
    const plain = await getSchedule({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    // Brotli is compressed in the background after a render; gzip is sent until it is ready.
    let br = await getSchedule({ 'accept-encoding': 'gzip, deflate, br' });
    for (let tries = 0; br.headers['content-encoding'] !== 'br' && tries < 100; tries++) {
      expect(br.headers['content-encoding']).toBe('gzip');
      await new Promise((resolve) => setTimeout(resolve, 50));
      br = await getSchedule({ 'accept-encoding': 'gzip, deflate, br' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gz = await getSchedule({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    // A client that changed encodings still holds the same schedule.
    expect((await getSchedule({ 'if-none-match': gz.headers.etag as string })).statusCode).toBe(304);
  });

  it('changes after a scheduling change, and a client holding the old tag gets the new schedule', async () => {
    const venue = await buildVenue(t.app, host, { address: '44 Change Avenue', slots: ['Slot 4'] });
    const act = await buildAct(t.app, performer, { name: 'The Late Set' });
    const before = await etag();

    await setSlots(venue, [{ slot_def: 'Slot 4', scheduled_act_id: act }]);
    const res = await getSchedule({ 'if-none-match': before });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(before);
    expect(entryOf(res.json<ScheduleResponse>(), venue)?.slot_4?.act_name).toBe('The Late Set');

    await setSlots(venue, [{ slot_def: 'Slot 4', scheduled_act_id: null }]);
    expect(entryOf(await schedule(), venue)).toBeUndefined();
  });

  it('keeps its tag when nothing it shows changed', async () => {
    const before = await etag();
    await buildUser(t.app);
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    await buildAct(t.app, performer);
    await setSlots(venue, [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }]);
    expect(await etag()).toBe(before);
  });

  it('follows an act renamed, a venue moved, and deletes of either, through their own routes', async () => {
    const venue = await buildVenue(t.app, host, { address: '2 Old Road', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'Before Rename' });
    await setSlots(venue, [{ slot_def: 'Slot 1', scheduled_act_id: act }, { slot_def: 'Slot 2' }]);
    expect(entryOf(await schedule(), venue)?.slot_1?.act_name).toBe('Before Rename');

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/acts/${act}`,
      headers: performer.auth,
      payload: actBody({ name: 'After Rename', type: 'punk', bio: '<p>Louder now</p>' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect(entryOf(await schedule(), venue)?.slot_1).toEqual({
      act_id: act,
      act_name: 'After Rename',
      act_description: 'Louder now',
      act_genre: 'punk',
    });

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/venues/${venue}/no_slots`,
      headers: host.auth,
      payload: venueBody({ address: '3 New Road' }),
    });
    expect(moved.statusCode).toBe(200);
    expect(entryOf(await schedule(), venue)?.address).toBe('3 New Road');

    const other = await buildVenue(t.app, host, { slots: ['Slot 3'] });
    await setSlots(other, [{ slot_def: 'Slot 3', scheduled_act_id: act }]);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/venues/${venue}`, headers: host.auth })).statusCode).toBe(
      204,
    );
    expect(entryOf(await schedule(), venue)).toBeUndefined();
    expect(entryOf(await schedule(), other)?.slot_3?.act_id).toBe(act);

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/acts/${act}`, headers: performer.auth })).statusCode).toBe(
      204,
    );
    expect(entryOf(await schedule(), other)).toBeUndefined();
  });
});

describe('GET /v1/schedule with two app processes on one database', () => {
  let second: FastifyInstance;
  let secondDb: Db;

  beforeAll(async () => {
    secondDb = openDb(t.testDb.options);
    second = await secondApp(t, secondDb);
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
  });

  it('shows in one process, at once, a change saved through the other', async () => {
    const venue = await buildVenue(t.app, host, { address: '8 Twin Street', slots: ['Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'The Twins' });
    // Both processes have rendered and cached the schedule.
    expect(entryOf(await schedule(second), venue)).toBeUndefined();
    const cachedTag = (await getSchedule({}, second)).headers.etag as string;

    await setSlots(venue, [{ slot_def: 'Slot 2', scheduled_act_id: act }]);

    const res = await getSchedule({ 'if-none-match': cachedTag }, second);
    expect(res.statusCode).toBe(200);
    expect(entryOf(res.json<ScheduleResponse>(), venue)?.slot_2?.act_name).toBe('The Twins');
    // The same data gives the same bytes, hence the same tag, in both processes.
    expect(res.headers.etag).toBe(await etag());
  });
});

describe('GET /v1/schedule while a change is being saved', () => {
  it('answers with the committed schedule during another open transaction, and with the change once committed', async () => {
    const venue = await buildVenue(t.app, host, { address: '3 Pending Lane', slots: ['Slot 4'] });
    const act = await buildAct(t.app, performer, { name: 'Before The Save' });
    await setSlots(venue, [{ slot_def: 'Slot 4', scheduled_act_id: act }]);
    expect(entryOf(await schedule(), venue)?.slot_4?.act_name).toBe('Before The Save');
    const committedTag = await etag();

    // A rename inside a transaction that stays open while the schedule is read: on SQLite the
    // app's one connection is held by it, so the version check must not wait for that connection.
    await t.app.deps.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('acts').set({ name: 'After The Save' }).where('id', '=', act).execute();
      const during = await getSchedule({ 'if-none-match': committedTag });
      expect(during.statusCode).toBe(304);
    });

    const after = await getSchedule({ 'if-none-match': committedTag });
    expect(after.statusCode).toBe(200);
    expect(entryOf(after.json<ScheduleResponse>(), venue)?.slot_4?.act_name).toBe('After The Save');
  });
});
