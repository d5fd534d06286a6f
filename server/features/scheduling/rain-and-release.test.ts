import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ActListResponseSchema, ActSchema } from '../../../contract/acts.js';
import { RainDateStatusSchema } from '../../../contract/admin.js';
import { UserResourcesSchema } from '../../../contract/profiles.js';
import { ScheduleResponseSchema, UnmatchedActsResponseSchema } from '../../../contract/schedule.js';
import { VenueListResponseSchema, VenueSchema } from '../../../contract/venues.js';
import { secondApp } from '../../test/app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../test/builders.js';
import { actBody, buildAct, buildVenue, saveSlots, scheduleAct } from '../../test/catalogue-builders.js';
import { useTestApp } from '../../test/use-test-app.js';

// docs/decisions/0054-rain-date-and-release.md: who plays where is public only after the release,
// and on the rain date only for the sets that can happen that day; a set's own people and admins
// always see it.

const {
  t,
  people: { admin, host, performer, stranger },
} = useTestApp({
  admin: (app) => buildAdmin(app),
  host: (app) => buildHost(app, { name: 'Hana Host' }),
  performer: (app) => buildPerformer(app, { name: 'Pere Performer' }),
  // Another signed-in person, with a venue and an act of their own that play nowhere.
  stranger: (app) => buildUser(app, { host: true, performer: true, name: 'Stella Stranger' }),
});

type Who = BuiltUser | undefined;
const get = (app: FastifyInstance, url: string, who?: Who) =>
  app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const json = async <T>(app: FastifyInstance, url: string, schema: { parse(v: unknown): T }, who?: Who) => {
  const res = await get(app, url, who);
  expect(res.statusCode, url).toBe(200);
  return schema.parse(res.json());
};
/** An admin's PUT of a desk setting: the release time or the rain date. */
const putSetting = (setting: 'schedule-release' | 'rain-date', payload: object) =>
  t.app.inject({ method: 'PUT', url: `/v1/admin/settings/${setting}`, headers: admin.auth, payload });
const events = (body: string) => body.split('BEGIN:VEVENT').length - 1;
const scheduleCells = (body: { data: Array<Record<string, unknown>> }) =>
  body.data.flatMap((e) =>
    ['slot_1', 'slot_2', 'slot_3', 'slot_4'].flatMap((k) => {
      const cell = e[k] as { act_name: string } | null;
      return cell ? [`${String(e.address)} ${k}: ${cell.act_name}`] : [];
    }),
  );

describe('the release hides the whole line-up', () => {
  let venue: number;
  let act: number;
  let strangerVenue: number;
  /** A venue none of the readers owns: the acts offered for its slot. */
  let thirdVenue: number;
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await secondApp(t);
    venue = await buildVenue(t.app, host, { address: '10 Release Road', slots: ['Slot 1', 'Slot 2'] });
    strangerVenue = await buildVenue(t.app, stranger, { address: '11 Quiet Road', slots: ['Slot 1'] });
    thirdVenue = await buildVenue(t.app, await buildHost(t.app), { address: '12 Third Road', slots: ['Slot 1'] });
    await buildAct(t.app, stranger, { name: 'Nobody Yet' });
    act = await buildAct(t.app, performer, { name: 'Secret Set Band' });
    await scheduleAct(t.app, venue, 'Slot 1', act);
    return () => other.close();
  });

  /** Every public read that could tell who plays where, and whether it tells that the band plays at 10 Release Road. */
  const tells = async (app: FastifyInstance, who: Who) => {
    const told: string[] = [];
    const schedule = await json(app, '/v1/schedule', ScheduleResponseSchema, who);
    if (scheduleCells(schedule).length > 0) told.push('schedule');
    if (events((await get(app, '/v1/schedule.ics', who)).body) > 0) told.push('schedule.ics');
    if (events((await get(app, `/v1/acts/${act}/calendar.ics`, who)).body) > 0) told.push('act calendar');
    const venueRead = await json(app, `/v1/venues/${venue}`, VenueSchema, who);
    if (venueRead.available_slots.some((s) => s.scheduled_act)) told.push('venue');
    const actRead = await json(app, `/v1/acts/${act}`, ActSchema, who);
    if (actRead.scheduled_venue_slots.length > 0) told.push('act');
    const venues = await json(app, '/v1/venues?include_total=true', VenueListResponseSchema, who);
    if (venues.data.some((v) => v.available_slots.some((s) => s.scheduled_act))) told.push('venue list');
    const taken = await json(
      app,
      '/v1/venues?available_slots__slot_def=Slot%201&available_slots__available_to_schedule=false',
      VenueListResponseSchema,
      who,
    );
    if (taken.data.length > 0) told.push('venue list: slot taken');
    const free = await json(
      app,
      '/v1/venues?available_slots__slot_def=Slot%201&available_slots__available_to_schedule=true',
      VenueListResponseSchema,
      who,
    );
    if (!free.data.some((v) => v.id === venue)) told.push('venue list: slot not free');
    const acts = await json(app, '/v1/acts', ActListResponseSchema, who);
    if (acts.data.some((a) => a.scheduled_venue_slots.length > 0)) told.push('act list');
    const playsAt = await json(app, '/v1/acts?scheduled_slot=Slot%201', ActListResponseSchema, who);
    if (playsAt.data.length > 0) told.push('act list: plays at');
    for (const owner of [host, performer]) {
      const resources = await json(app, `/v1/auth/user/${owner.user.id}/resources`, UserResourcesSchema, who);
      if (
        resources.venues.some((v) => v.available_slots.some((s) => s.scheduled_act)) ||
        resources.acts.some((a) => a.scheduled_venue_slots.length > 0)
      )
        told.push(`resources of ${owner.user.name}`);
    }
    const unmatched = await get(app, `/v1/acts/unmatched?venue_id=${thirdVenue}&slot_def=Slot%201`, who);
    if (
      unmatched.statusCode === 200 &&
      !UnmatchedActsResponseSchema.parse(unmatched.json()).data.some((a) => a.id === act)
    )
      told.push('unmatched');
    // The served pages: their link previews and whatever the server draws in them.
    for (const page of [`/acts/${act}`, `/venues/${venue}`]) {
      const html = (await get(app, page, who)).body;
      if (html.includes(page.startsWith('/acts') ? '10 Release Road' : 'Secret Set Band')) told.push(`page ${page}`);
    }
    return told;
  };

  // A served page tells only when the server draws it (a build with dist/ssr): checked to tell
  // nothing before the release, and left out of the comparisons after it.
  const withoutPages = (told: string[]) => told.filter((p) => !p.startsWith('page '));
  const everything = [
    'schedule',
    'schedule.ics',
    'act calendar',
    'venue',
    'act',
    'venue list',
    'venue list: slot taken',
    'venue list: slot not free',
    'act list',
    'act list: plays at',
    'resources of Hana Host',
    'resources of Pere Performer',
    'unmatched',
  ];

  it('before the release nothing public tells who plays where, on every process; the owners and admins see theirs; at the release all of it shows', async () => {
    // Released (the configuration's time is past): every path tells, to anyone.
    expect(withoutPages(await tells(t.app, undefined))).toEqual(everything);
    expect(withoutPages(await tells(other, stranger))).toEqual(everything);

    const releaseAt = new Date(t.clock.now().getTime() + 60 * 60_000);
    expect((await putSetting('schedule-release', { release_at: releaseAt.toISOString() })).statusCode).toBe(200);

    // Anonymous and another signed-in person learn nothing, from either process (each kept its pages).
    for (const app of [t.app, other]) {
      expect(await tells(app, undefined)).toEqual([]);
      expect(await tells(app, stranger)).toEqual([]);
    }
    // The acts offered for a slot, which tell by who is missing, are the venue owner's and admins'.
    const unmatchedUrl = `/v1/acts/unmatched?venue_id=${strangerVenue}&slot_def=Slot%201`;
    expect((await get(t.app, unmatchedUrl)).statusCode).toBe(403);
    expect((await get(t.app, `/v1/acts/unmatched?venue_id=${venue}&slot_def=Slot%201`, stranger)).statusCode).toBe(403);
    expect((await get(t.app, unmatchedUrl, stranger)).statusCode).toBe(200);

    // The owners see their own: the host the venue's sets, the performer the act's, wherever asked.
    const forHost = await json(t.app, `/v1/venues/${venue}`, VenueSchema, host);
    expect(forHost.available_slots.find((s) => s.slot_def === 'Slot 1')?.scheduled_act).toEqual({
      id: act,
      name: 'Secret Set Band',
    });
    const forPerformer = await json(t.app, `/v1/acts/${act}`, ActSchema, performer);
    expect(forPerformer.scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 1', venue: { id: venue, address: '10 Release Road' } },
    ]);
    expect(
      (await json(t.app, `/v1/venues/${venue}`, VenueSchema, performer)).available_slots[0]?.scheduled_act,
    ).toEqual({ id: act, name: 'Secret Set Band' });
    const myVenues = await json(t.app, `/v1/venues?creator_id=${host.user.id}`, VenueListResponseSchema, host);
    expect(myVenues.data[0]?.available_slots[0]?.scheduled_act?.name).toBe('Secret Set Band');
    const myActs = await json(t.app, `/v1/acts?creator_id=${performer.user.id}`, ActListResponseSchema, performer);
    expect(myActs.data[0]?.scheduled_venue_slots).toHaveLength(1);
    // Their own bookings on the schedule, as before (release.test.ts), and admins everything.
    expect(scheduleCells(await json(t.app, '/v1/schedule', ScheduleResponseSchema, host))).toEqual([
      '10 Release Road slot_1: Secret Set Band',
    ]);
    // (The calendars and a person's public resources are asked without a session: anyone's.)
    expect(withoutPages(await tells(t.app, admin))).toEqual(
      everything.filter((p) => !['schedule.ics', 'act calendar'].includes(p) && !p.startsWith('resources')),
    );

    // The slots editor keeps working for the host before the release: the acts offered, and a save.
    const offered = await json(
      t.app,
      `/v1/acts/unmatched?venue_id=${venue}&slot_def=Slot%202`,
      UnmatchedActsResponseSchema,
      host,
    );
    expect(offered.data.map((a) => a.id)).toContain(act);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/venues/${venue}`,
      headers: host.auth,
      payload: {
        available_slots: [
          { slot_def: 'Slot 1', scheduled_act_id: act },
          { slot_def: 'Slot 2', scheduled_act_id: null },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(VenueSchema.parse(saved.json()).available_slots[0]?.scheduled_act?.id).toBe(act);

    // At the release time, with no write and no restart, every path tells, on both processes.
    t.clock.advanceMinutes(60);
    expect(withoutPages(await tells(t.app, undefined))).toEqual(everything);
    expect(withoutPages(await tells(other, stranger))).toEqual(everything);
  });
});

describe('the rain date leaves out the sets that cannot happen that day', () => {
  it('the schedule, the calendars, the cards and the filters leave them out while it is in force; owners and the desk see them', async () => {
    // Released: the configuration's time, which is past.
    expect((await putSetting('schedule-release', { release_at: null })).statusCode).toBe(200);
    const wetHost = await buildHost(t.app);
    const dryHost = await buildHost(t.app);
    const rainPerformer = await buildPerformer(t.app);
    const dry = await buildVenue(t.app, dryHost, { address: '20 Dry Porch', slots: ['Slot 3', 'Slot 4'] });
    const wet = await buildVenue(t.app, wetHost, {
      address: '21 Open Yard',
      slots: ['Slot 3'],
      rain_date_available: false,
    });
    const staysBand = await buildAct(t.app, rainPerformer, { name: 'Umbrella Band' });
    const fairBand = await buildAct(t.app, rainPerformer, { name: 'Fair Weather Band', rain_date_available: false });
    const yardBand = await buildAct(t.app, rainPerformer, { name: 'Yard Band' });
    await scheduleAct(t.app, dry, 'Slot 3', staysBand);
    await scheduleAct(t.app, dry, 'Slot 4', fairBand);
    await scheduleAct(t.app, wet, 'Slot 3', yardBand);

    const rainCells = async (who?: Who) =>
      scheduleCells(await json(t.app, '/v1/schedule', ScheduleResponseSchema, who)).filter((c) =>
        /Dry Porch|Open Yard/.test(c),
      );
    const all = [
      '20 Dry Porch slot_3: Umbrella Band',
      '20 Dry Porch slot_4: Fair Weather Band',
      '21 Open Yard slot_3: Yard Band',
    ];
    expect((await rainCells()).sort()).toEqual(all);

    const on = await putSetting('rain-date', { active: true });
    expect(on.statusCode).toBe(200);
    // The desk lists the sets that cannot happen, with why, by slot and address.
    expect(RainDateStatusSchema.parse(on.json()).sets).toEqual([
      {
        venue_id: wet,
        address: '21 Open Yard',
        slot_def: 'Slot 3',
        act_id: yardBand,
        act_name: 'Yard Band',
        cause: 'venue',
      },
      {
        venue_id: dry,
        address: '20 Dry Porch',
        slot_def: 'Slot 4',
        act_id: fairBand,
        act_name: 'Fair Weather Band',
        cause: 'act',
      },
    ]);
    const desk = await json(t.app, '/v1/admin/rain-date', RainDateStatusSchema, admin);
    expect(desk.sets.map((s) => s.act_name)).toEqual(['Yard Band', 'Fair Weather Band']);

    // The public schedule (and so the map, My day, Now/Next and the counts) leaves them out.
    expect(await rainCells()).toEqual(['20 Dry Porch slot_3: Umbrella Band']);
    expect(await rainCells(stranger)).toEqual(['20 Dry Porch slot_3: Umbrella Band']);
    // The calendars too, on the rain date's day.
    const whole = (await get(t.app, '/v1/schedule.ics')).body;
    expect(whole).toContain('Umbrella Band');
    expect(whole).not.toContain('Fair Weather Band');
    expect(whole).not.toContain('Yard Band');
    expect(whole).toMatch(/DTSTART:20250615T/);
    expect(events((await get(t.app, `/v1/acts/${fairBand}/calendar.ics`)).body)).toBe(0);
    expect(events((await get(t.app, `/v1/acts/${yardBand}/calendar.ics`)).body)).toBe(0);
    expect(events((await get(t.app, `/v1/acts/${staysBand}/calendar.ics`)).body)).toBe(1);

    // The cards: the slots read as free, the acts have no set there, for anyone but their people.
    for (const who of [undefined, stranger]) {
      const dryRead = await json(t.app, `/v1/venues/${dry}`, VenueSchema, who);
      expect(dryRead.available_slots.map((s) => s.scheduled_act?.name ?? null)).toEqual(['Umbrella Band', null]);
      const wetRead = await json(t.app, `/v1/venues/${wet}`, VenueSchema, who);
      expect(wetRead.available_slots.map((s) => s.scheduled_act)).toEqual([null]);
      expect((await json(t.app, `/v1/acts/${fairBand}`, ActSchema, who)).scheduled_venue_slots).toEqual([]);
      expect((await json(t.app, `/v1/acts/${yardBand}`, ActSchema, who)).scheduled_venue_slots).toEqual([]);
      expect((await json(t.app, `/v1/acts/${staysBand}`, ActSchema, who)).scheduled_venue_slots).toHaveLength(1);
      const list = await json(t.app, '/v1/acts?scheduled_slot=Slot%203', ActListResponseSchema, who);
      expect(list.data.map((a) => a.name)).toEqual(['Umbrella Band']);
      const venues = await json(t.app, '/v1/venues', VenueListResponseSchema, who);
      expect(venues.data.find((v) => v.id === wet)?.available_slots[0]?.scheduled_act).toBeNull();
    }
    // Their own people still see them, and can act on them.
    const forOwner = await json(t.app, `/v1/acts/${fairBand}`, ActSchema, rainPerformer);
    expect(forOwner.scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 4', venue: { id: dry, address: '20 Dry Porch' } },
    ]);
    expect((await json(t.app, `/v1/venues/${wet}`, VenueSchema, wetHost)).available_slots[0]?.scheduled_act?.name).toBe(
      'Yard Band',
    );

    // An act that says it cannot come after all leaves the kept schedule at once (migration 0013).
    const comesInRain = (rain_date_available: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/acts/${staysBand}`,
        headers: rainPerformer.auth,
        payload: actBody({ name: 'Umbrella Band', rain_date_available }),
      });
    expect((await comesInRain(false)).statusCode).toBe(200);
    expect(await rainCells()).toEqual([]);
    await comesInRain(true);
    expect(await rainCells()).toEqual(['20 Dry Porch slot_3: Umbrella Band']);

    // A host re-plans one slot themselves: the dry porch's free slot takes the yard's band.
    await saveSlots(t.app, dryHost, dry, [
      { slot_def: 'Slot 3', scheduled_act_id: staysBand },
      { slot_def: 'Slot 4', scheduled_act_id: yardBand },
    ]);
    expect((await rainCells()).sort()).toEqual([
      '20 Dry Porch slot_3: Umbrella Band',
      '20 Dry Porch slot_4: Yard Band',
    ]);

    // Back on the festival date, every set shows again.
    const off = await putSetting('rain-date', { active: false });
    expect(off.statusCode).toBe(200);
    expect((await rainCells()).sort()).toEqual([
      '20 Dry Porch slot_3: Umbrella Band',
      '20 Dry Porch slot_4: Yard Band',
      '21 Open Yard slot_3: Yard Band',
    ]);
  });
});
