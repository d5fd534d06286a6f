import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Venue } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';
import { venueBody } from '../../../test/support/bodies.js';
import { directionsUrl, refreshDirections } from './directions.js';

// Issue 28, item 5: a venue's directions link and the calendar files reach the porch: its pin
// when it has one, else its address with the festival's town (festival.config.json: "Ithaca, NY").

const {
  t,
  people: { host, performer },
} = useTestApp({ host: buildHost, performer: buildPerformer });

const SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

/** The events of a calendar file as a calendar application reads them (ical.js). */
function parseEvents(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    summary: new ICAL.Event(vevent).summary,
    location: new ICAL.Event(vevent).location,
    geo: (vevent.getFirstPropertyValue('geo') as number[] | null) ?? null,
  }));
}

const createVenue = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/venues', headers: host.auth, payload });

describe('a venue directions link (address_url)', () => {
  it('searches for the pin when the venue has one, and for the address with the town when not', async () => {
    const pinned = await createVenue(venueBody('5 Linn Street', { latitude: 42.4432, longitude: -76.5012 }));
    expect(pinned.statusCode).toBe(201);
    expect(pinned.json<Venue>().address_url).toBe(`${SEARCH}42.4432%2C-76.5012`);

    const bare = await createVenue(venueBody('5 Linn Street'));
    expect(bare.json<Venue>().address_url).toBe(`${SEARCH}5%20Linn%20Street%2C%20Ithaca%2C%20NY`);

    // An address that names the town already is not given it twice.
    const named = await createVenue(venueBody('7 Cayuga St, Ithaca'));
    expect(named.json<Venue>().address_url).toBe(`${SEARCH}7%20Cayuga%20St%2C%20Ithaca`);
  });

  it('follows the pin an edit keeps, adds or takes away', async () => {
    const id = (await createVenue(venueBody('9 Lake Avenue', { latitude: 42.45, longitude: -76.49 }))).json<Venue>().id;
    const edit = (extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/venues/${id}/no_slots`,
        headers: host.auth,
        payload: venueBody('11 Lake Avenue', extra),
      });

    // A body without the pin keeps the stored one, and the link stays on it.
    expect((await edit({})).json<Venue>().address_url).toBe(`${SEARCH}42.45%2C-76.49`);
    expect((await edit({ latitude: null, longitude: null })).json<Venue>().address_url).toBe(
      `${SEARCH}11%20Lake%20Avenue%2C%20Ithaca%2C%20NY`,
    );
    expect((await edit({ latitude: 42.46, longitude: -76.48 })).json<Venue>().address_url).toBe(
      `${SEARCH}42.46%2C-76.48`,
    );
  });

  it('is brought up to the pins and the town at start, writing only the links that differ', async () => {
    const id = await buildVenue(t.app, host, { address: '3 Elm Row', pin: [42.44, -76.5] });
    const stale = await buildVenue(t.app, host, { address: '4 Elm Row' });
    await t.app.deps.db.kysely
      .updateTable('venues')
      .set({ address_url: `${SEARCH}4%20Elm%20Row` })
      .where('id', '=', stale)
      .execute();

    expect(await refreshDirections(t.app.deps.db.kysely, t.app.deps.festival)).toBe(1);
    const url = async (venueId: number) =>
      (await t.app.inject({ method: 'GET', url: `/v1/venues/${venueId}` })).json<Venue>().address_url;
    expect(await url(stale)).toBe(`${SEARCH}4%20Elm%20Row%2C%20Ithaca%2C%20NY`);
    expect(await url(id)).toBe(`${SEARCH}42.44%2C-76.5`);
    expect(await refreshDirections(t.app.deps.db.kysely, t.app.deps.festival)).toBe(0);
  });

  it('uses the address as written when the festival names no town', () => {
    expect(directionsUrl({ map_search_url: SEARCH }, { address: '1 Main St', latitude: null, longitude: null })).toBe(
      `${SEARCH}1%20Main%20St`,
    );
  });
});

describe('the calendar files (.ics)', () => {
  it("write GEO for a porch with a pin and the full address with the town in LOCATION, in an act's file and the festival's", async () => {
    const actId = await buildAct(t.app, performer, { name: 'The Porch Lights' });
    const pinned = await buildVenue(t.app, host, {
      address: '27 Church Street, Apt; 2',
      slots: ['Slot 2'],
      pin: [42.4401, -76.4987],
    });
    const bare = await buildVenue(t.app, host, { address: '3 Elm Row', slots: ['Slot 4'] });
    await scheduleAct(t.app, pinned, 'Slot 2', actId);
    await scheduleAct(t.app, bare, 'Slot 4', actId);

    const expected = [
      { summary: 'The Porch Lights', location: '27 Church Street, Apt; 2, Ithaca, NY', geo: [42.4401, -76.4987] },
      { summary: 'The Porch Lights', location: '3 Elm Row, Ithaca, NY', geo: null },
    ];
    const act = await t.app.inject({ method: 'GET', url: `/v1/acts/${actId}/calendar.ics` });
    expect(act.statusCode).toBe(200);
    expect(act.body).toContain('\r\nGEO:42.4401;-76.4987\r\n');
    expect(parseEvents(act.body)).toEqual(expected);

    const festival = await t.app.inject({ method: 'GET', url: '/v1/schedule.ics' });
    expect(festival.statusCode).toBe(200);
    const ours = parseEvents(festival.body).filter((e) => e.summary === 'The Porch Lights');
    expect(ours).toEqual(expected);
  });
});
