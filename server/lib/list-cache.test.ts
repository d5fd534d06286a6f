import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ActListResponse } from '../../contract/acts.js';
import type { VenueListResponse } from '../../contract/venues.js';
import { secondApp } from '../test/app.js';
import { useTestApp } from '../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer } from '../test/builders.js';
import { buildAct, buildVenue } from '../test/catalogue-builders.js';

/**
 * The venue and act lists are kept rendered (server/lib/list-cache.ts). What a client must never
 * notice: an old page after any change, however it was made, or another viewer's page.
 */
const {
  t,
  people: { host, admin },
} = useTestApp({ host: (app) => buildHost(app, { name: 'Hana Host' }), admin: buildAdmin });

const venues = async (query: string, headers: Record<string, string> = {}, app = t.app) => {
  const res = await app.inject({ method: 'GET', url: `/v1/venues?creator_id=${host.user.id}&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VenueListResponse>();
};

describe('the kept list pages', () => {
  it('show a change made behind the routes\u2019 back (a script, a cascade) at once', async () => {
    // A host of its own: the list below is exactly this host's venues.
    const owner = await buildHost(t.app, { name: 'Sam Script' });
    const mine = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/venues?creator_id=${owner.user.id}&order_by=address` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<VenueListResponse>().data;
    };
    const id = await buildVenue(t.app, owner, { address: '10 Cache Street' });
    expect((await mine()).map((v) => v.address)).toEqual(['10 Cache Street']);

    const { kysely } = t.testDb.db;
    await kysely.updateTable('venues').set({ address: '10 Fresh Street' }).where('id', '=', id).execute();
    expect((await mine()).map((v) => v.address)).toEqual(['10 Fresh Street']);

    await kysely.updateTable('users').set({ name: 'Sam Renamed' }).where('id', '=', owner.user.id).execute();
    expect((await mine())[0]?.creator.name).toBe('Sam Renamed');

    await kysely.deleteFrom('venue_slots').where('venue_id', '=', id).where('slot_def', '=', 'Slot 1').execute();
    expect((await mine())[0]?.available_slots.map((s) => s.slot_def)).not.toContain('Slot 1');

    await kysely.deleteFrom('venues').where('id', '=', id).execute();
    expect(await mine()).toEqual([]);
  });

  it('show a change made through another app process on the same database', async () => {
    // A second app on the same database, as behind a load balancer: its write, this one's read.
    const other = await secondApp(t);
    try {
      const id = await buildVenue(t.app, host, { address: '20 Twin Road' });
      expect((await venues('search=twin')).data).toHaveLength(1);
      const res = await other.inject({
        method: 'PATCH',
        url: `/v1/venues/${id}`,
        headers: host.auth,
        payload: { available_slots: [{ slot_def: 'Slot 2' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const seen = (await venues('search=twin')).data[0]!;
      expect(seen.available_slots.map((s) => s.slot_def)).toEqual(['Slot 2']);
    } finally {
      await other.close();
    }
  });

  it('show the act list a host\u2019s scheduling changed', async () => {
    const performer = await buildPerformer(t.app);
    const actId = await buildAct(t.app, performer, { name: 'Cache Quartet' });
    const venueId = await buildVenue(t.app, host, { address: '30 Slot Lane' });
    const before = await t.app.inject({ method: 'GET', url: `/v1/acts?creator_id=${performer.user.id}` });
    expect(before.json<ActListResponse>().data[0]?.scheduled_venue_slots).toEqual([]);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/venues/${venueId}`,
      headers: host.auth,
      payload: { available_slots: [{ slot_def: 'Slot 3', scheduled_act_id: actId }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/v1/acts?creator_id=${performer.user.id}` });
    expect(after.json<ActListResponse>().data[0]?.scheduled_venue_slots).toEqual([
      expect.objectContaining({ slot_def: 'Slot 3', venue: expect.objectContaining({ id: venueId }) }),
    ]);
  });

  it('never give a visitor the page an admin was shown (creators\u2019 e-mails)', async () => {
    await buildVenue(t.app, host, { address: '40 Private Way' });
    const asAdmin = await venues('search=private', admin.auth);
    expect(asAdmin.data[0]?.creator.email).toBe(host.user.email);
    const asVisitor = await venues('search=private');
    expect(asVisitor.data[0]?.creator).toEqual({ name: host.user.name });
    expect(JSON.stringify(asVisitor)).not.toContain(host.user.email);
  });

  it('answer a revalidation with 304 until the list changes, and send what the client accepts', async () => {
    await buildVenue(t.app, host, { address: '50 Etag Avenue', bio: `<p>${'A long bio. '.repeat(100)}</p>` });
    const url = `/v1/venues?creator_id=${host.user.id}&search=etag`;
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8')) as VenueListResponse;
    expect(json.data.map((v) => v.address)).toEqual(['50 Etag Avenue']);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);

    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await buildVenue(t.app, host, { address: '51 Etag Avenue' });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<VenueListResponse>().data).toHaveLength(2);
  });
});
