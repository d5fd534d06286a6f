import { describe, expect, it } from 'vitest';
import { GenreList } from '../../../contract/choices.js';
import type { SlotDef } from '../../../contract/enums.js';
import {
  ActSuggestionsResponseSchema,
  ExplainResponseSchema,
  MatchingHealthSchema,
  VenueSuggestionsResponseSchema,
} from '../../../contract/matching.js';
import type { TestApp } from '../../test/app.js';
import { buildAdmin, buildHost, buildPerformer, TWO_OF_EACH, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, saveSlots, venueBody, type VenueTraits } from '../../test/catalogue-builders.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Matchmaking over HTTP (issue 24): each endpoint's ranking on a festival small enough to rank by
 * hand, who may ask, why a pair is not suggested, and the committee's view. Each part has a
 * database of its own, so the rankings hold exactly what the part made.
 */

type Headers = Record<string, string>;
const ANON: Headers = {};

const get = (t: TestApp, url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const venueSuggestionsUrl = (venue: number, slot: SlotDef = 'Slot 1') =>
  `/v1/venues/${venue}/suggestions?slot_def=${encodeURIComponent(slot)}`;
const actSuggestionsUrl = (act: number) => `/v1/acts/${act}/suggestions`;
const explainUrl = (venue: number, slot: SlotDef, act: number, openSlot?: boolean) =>
  `/v1/matches/explain?venue_id=${venue}&slot_def=${encodeURIComponent(slot)}&act_id=${act}` +
  (openSlot === undefined ? '' : `&open_slot=${openSlot}`);

/** A request as `who`, expecting `status`: the response. */
async function sendAs(
  t: TestApp,
  who: BuiltUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  status = 200,
) {
  const res = await t.app.inject({ method, url, headers: who.auth, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
const okJson = async (t: TestApp, url: string, who: BuiltUser) => (await sendAs(t, who, 'GET', url)).json<unknown>();
const venueSuggestions = async (t: TestApp, who: BuiltUser, venue: number, slot: SlotDef = 'Slot 1') =>
  VenueSuggestionsResponseSchema.parse(await okJson(t, venueSuggestionsUrl(venue, slot), who));
const actSuggestions = async (t: TestApp, who: BuiltUser, act: number) =>
  ActSuggestionsResponseSchema.parse(await okJson(t, actSuggestionsUrl(act), who));
const explain = async (t: TestApp, who: BuiltUser, venue: number, slot: SlotDef, act: number, openSlot?: boolean) =>
  ExplainResponseSchema.parse(await okJson(t, explainUrl(venue, slot, act, openSlot), who));
const health = async (t: TestApp, admin: BuiltUser) =>
  MatchingHealthSchema.parse(await okJson(t, '/v1/admin/matching', admin));

/** POST /v1/venues as `host`, with a pin `metresNorth` of a base point when given; returns its id. */
async function postVenue(
  t: TestApp,
  host: BuiltUser,
  fields: Record<string, unknown>,
  pin?: { base: number; metresNorth: number },
): Promise<number> {
  const payload = venueBody({
    ...fields,
    ...(pin ? { latitude: pin.base + pin.metresNorth / 111_195.08, longitude: -76.5019 } : {}),
  });
  return (await sendAs(t, host, 'POST', '/v1/venues', payload, 201)).json<{ id: number }>().id;
}

async function comment(t: TestApp, who: BuiltUser, entity_type: 'venue' | 'act', entity_id: number) {
  const message = '<p>Would you like to play together?</p>';
  await sendAs(t, who, 'POST', '/v1/comments', { entity_type, entity_id, message }, 201);
}

async function hide(t: TestApp, admin: BuiltUser, kind: 'acts' | 'venues', id: number) {
  await sendAs(t, admin, 'PUT', `/v1/admin/${kind}/${id}/hidden`, { hidden: true, reason: 'Test of matchmaking' });
}

async function switchRain(t: TestApp, admin: BuiltUser, active: boolean) {
  await sendAs(t, admin, 'PUT', '/v1/admin/settings/rain-date', { active });
}

const codes = (notes: readonly { code: string }[]) => notes.map((n) => n.code);
/** A folk porch for 1-3 persons with electricity, available on the rain date. */
const folkPorch = (traits: VenueTraits = {}): VenueTraits => ({
  genres: ['folk'],
  size_pref: 'one_to_three',
  provide_electric: 'yes',
  provide_sound_system: 'no',
  rain_date_available: true,
  ...traits,
});

describe('GET /v1/venues/{id}/suggestions: ranking', () => {
  const {
    t,
    people: { host, otherHost, admin },
  } = useTestApp({ host: buildHost, otherHost: buildHost, admin: buildAdmin });

  it('ranks by score, then fewer sets, then name, then id, and leaves out every act a rule blocks', async () => {
    const performer = (name: string) => buildPerformer(t.app, { name });
    const porch = await buildVenue(t.app, host, folkPorch({ address: '10 Oak Street', slots: ['Slot 1', 'Slot 2'] }));
    const w1 = await buildVenue(t.app, otherHost, folkPorch({ address: '1 Far Lane', slots: ['Slot 2', 'Slot 3'] }));
    const w2 = await buildVenue(
      t.app,
      otherHost,
      folkPorch({ address: '2 Far Lane', slots: ['Slot 1', 'Slot 2', 'Slot 4'] }),
    );
    const folk = { type: 'folk', size: 'one_to_three', sound_system: 'dont_need', rain_date_available: true } as const;
    const mangoOwner = await performer('Mo Mango');
    const mango = await buildAct(t.app, mangoOwner, { ...folk, name: 'Mango', preferred_slots: ['Slot 1'] });
    const zed = await buildAct(t.app, await performer('Zoe Zed'), {
      ...folk,
      name: 'Zed',
      venue_pref: 'On Oak Street if possible',
      preferred_slots: ['Slot 1'],
    });
    // Made lower case first: a case-sensitive name order would put 'CEDAR' first, the id order puts 'cedar' first.
    const cedarLower = await buildAct(t.app, await performer('C One'), { ...folk, name: 'cedar' });
    const cedarUpper = await buildAct(t.app, await performer('C Two'), { ...folk, name: 'CEDAR' });
    const birch = await buildAct(t.app, await performer('Bo Birch'), {
      ...folk,
      name: 'Birch',
      preferred_slots: ['Slot 1', 'Slot 2'],
    });
    const alder = await buildAct(t.app, await performer('Al Alder'), {
      ...folk,
      name: 'Alder',
      preferred_slots: ['Slot 1', 'Slot 2', 'Slot 3'],
    });
    const oboe = await buildAct(t.app, await performer('Ollie Oboe'), {
      ...folk,
      type: 'jazz',
      rain_date_available: false,
      name: 'Oboe',
    });
    // Each of these breaks one hard rule at the porch's Slot 1.
    await buildAct(t.app, await performer('D'), { ...folk, size: 'four_plus', name: 'Drum Corps' });
    await buildAct(t.app, await performer('L'), { ...folk, name: 'Late Show', preferred_slots: ['Slot 4'] });
    const busy = await buildAct(t.app, await performer('B'), { ...folk, name: 'Busy Bees' });
    await buildAct(t.app, await performer('N'), { ...folk, sound_system: 'need_to_borrow', name: 'No Gear' });

    await saveSlots(t.app, otherHost, w1, [
      { slot_def: 'Slot 2', scheduled_act_id: birch },
      { slot_def: 'Slot 3', scheduled_act_id: alder },
    ]);
    await saveSlots(t.app, otherHost, w2, [
      { slot_def: 'Slot 1', scheduled_act_id: busy },
      { slot_def: 'Slot 2', scheduled_act_id: alder },
      { slot_def: 'Slot 4' },
    ]);
    await comment(t, mangoOwner, 'venue', porch);

    const body = await venueSuggestions(t, host, porch);
    // By hand, with the default weights (genre 3, size 1, rain 1, in touch 2, street 2, no porch yet 1):
    expect(body.data.map((s) => [s.act_name, s.score])).toEqual([
      ['Mango', 3 + 1 + 1 + 2 + 1], // in touch; ties with Zed on score and sets, first by name
      ['Zed', 3 + 1 + 1 + 2 + 1], // asked for Oak Street
      ['cedar', 3 + 1 + 1 + 1], // the same name as the next, whatever the case: the lower id first
      ['CEDAR', 3 + 1 + 1 + 1],
      ['Birch', 3 + 1 + 1], // one set elsewhere: before Alder, with two
      ['Alder', 3 + 1 + 1],
      ['Oboe', 1 + 1], // jazz, and no rain date: size and no porch yet only
    ]);
    expect(body.data.map((s) => s.act_id)).toEqual([mango, zed, cedarLower, cedarUpper, birch, alder, oboe]);
    expect(body.total).toBe(7);

    const byName = new Map(body.data.map((s) => [s.act_name, s]));
    expect(byName.get('Mango')!.reasons).toEqual([
      { code: 'genre', text: 'Plays folk, which you asked for' },
      { code: 'size', text: 'Fits your porch size' },
      { code: 'rain', text: 'Can also play on the rain date' },
      { code: 'in_touch', text: 'You have been in touch through the app' },
      { code: 'no_porch_yet', text: 'Has no porch yet' },
    ]);
    expect(byName.get('Zed')!.reasons).toContainEqual({ code: 'street', text: 'Asked to play on Oak Street' });
    expect(byName.get('Mango')).toMatchObject({ act_type: 'folk', sets: [], warnings: [] });
    expect(byName.get('Birch')!.sets).toEqual([{ venue_id: w1, address: '1 Far Lane', slot_def: 'Slot 2' }]);
    expect(byName.get('Birch')!.warnings).toEqual([{ code: 'also_plays', text: 'Also plays at 1:30pm at 1 Far Lane' }]);
    expect(codes(byName.get('Oboe')!.warnings)).toEqual(['genre_not_asked', 'no_rain_plan']);

    // An admin sees the same list; another host may not ask.
    expect((await venueSuggestions(t, admin, porch)).data.map((s) => s.act_id)).toEqual(body.data.map((s) => s.act_id));
    expect((await get(t, venueSuggestionsUrl(porch), otherHost.auth)).statusCode).toBe(403);
  });

  it('shows at most the configured number of suggestions, and counts them all', async () => {
    const porch = await buildVenue(t.app, host, folkPorch({ address: '11 Oak Street', slots: ['Slot 3'] }));
    const limit = t.app.deps.festival.matching.suggestions;
    const performer = await buildPerformer(t.app);
    for (let i = 0; i < limit + 2; i++) {
      await buildAct(t.app, performer, { name: `Many ${String(i).padStart(2, '0')}`, preferred_slots: ['Slot 3'] });
    }
    const body = await venueSuggestions(t, host, porch, 'Slot 3');
    expect(body.data).toHaveLength(limit);
    expect(body.total).toBe(limit + 2);
  });
});

describe('GET /v1/acts/{id}/suggestions: ranking', () => {
  const {
    t,
    people: { performer, otherPerformer, admin },
  } = useTestApp({ performer: buildPerformer, otherPerformer: buildPerformer, admin: buildAdmin });

  it('ranks open slots by score, then slot order, then address, then id, and leaves out blocked, taken and hidden ones', async () => {
    const act = await buildAct(t.app, performer, {
      name: 'Wanderers',
      type: 'folk',
      size: 'one_to_three',
      sound_system: 'bring_own',
      rain_date_available: true,
      preferred_slots: ['Slot 1', 'Slot 2'],
      venue_pref: 'Birch Lane, or close by',
    });
    const hostOf = async () => buildHost(t.app);
    const any = (address: string, slots: SlotDef[], traits: VenueTraits = {}): VenueTraits =>
      folkPorch({ address, slots, size_pref: 'any', ...traits });
    const birchLane = await buildVenue(
      t.app,
      await hostOf(),
      folkPorch({ address: '5 Birch Lane', slots: ['Slot 1', 'Slot 2'] }),
    );
    const ash = await buildVenue(t.app, await hostOf(), any('1 Ash Way', ['Slot 1'], { genres: ['jazz'] }));
    const elm = await buildVenue(
      t.app,
      await hostOf(),
      any('2 Elm Row', ['Slot 2'], { genres: [...GenreList.values] }),
    );
    const oak = await buildVenue(t.app, await hostOf(), any('4 Oak Street', ['Slot 2']));
    // Lower case first, as with the acts' names: only the id puts it first.
    const alderAgain = await buildVenue(t.app, await hostOf(), any('4 alder street', ['Slot 2']));
    const alder = await buildVenue(t.app, await hostOf(), any('4 Alder Street', ['Slot 2']));
    const pineHost = await hostOf();
    const pine = await buildVenue(
      t.app,
      pineHost,
      any('9 Pine Street', ['Slot 1'], { genres: ['jazz'], rain_date_available: false }),
    );
    const zinnia = await buildVenue(t.app, await hostOf(), any('99 Zinnia Way', ['Slot 1']));
    // Never suggested: a taken slot, a hidden porch, a slot the act does not want, a porch without electricity.
    const takenHost = await hostOf();
    const taken = await buildVenue(t.app, takenHost, any('3 Taken Road', ['Slot 1']));
    const hidden = await buildVenue(t.app, await hostOf(), folkPorch({ address: '6 Birch Lane', slots: ['Slot 1'] }));
    await buildVenue(t.app, await hostOf(), folkPorch({ address: '7 Birch Lane', slots: ['Slot 3'] }));
    await buildVenue(
      t.app,
      await hostOf(),
      folkPorch({ address: '8 Birch Lane', slots: ['Slot 1'], provide_electric: 'no' }),
    );
    const other = await buildAct(t.app, otherPerformer, { name: 'Already Here', preferred_slots: ['Slot 1'] });
    await saveSlots(t.app, takenHost, taken, [{ slot_def: 'Slot 1', scheduled_act_id: other }]);
    await hide(t, admin, 'venues', hidden);
    await comment(t, pineHost, 'act', act);

    const body = await actSuggestions(t, performer, act);
    // Every slot also has the "no porch yet" point: the act has none (+1 each, the same for all).
    expect(body.data.map((s) => [s.address, s.slot_def, s.score])).toEqual([
      ['5 Birch Lane', 'Slot 1', 3 + 1 + 1 + 2 + 1], // folk, 1-3, rain date, Birch Lane
      ['5 Birch Lane', 'Slot 2', 3 + 1 + 1 + 2 + 1], // the same, at the later slot
      ['99 Zinnia Way', 'Slot 1', 3 + 1 + 1], // the earlier slot before the addresses of Slot 2
      ['2 Elm Row', 'Slot 2', 3 + 1 + 1], // every genre
      ['4 alder street', 'Slot 2', 3 + 1 + 1], // the same address, whatever the case: the lower id first
      ['4 Alder Street', 'Slot 2', 3 + 1 + 1],
      ['4 Oak Street', 'Slot 2', 3 + 1 + 1],
      ['9 Pine Street', 'Slot 1', 2 + 1], // in touch only
      ['1 Ash Way', 'Slot 1', 1 + 1], // the rain date only
    ]);
    expect(body.data.map((s) => s.venue_id)).toEqual([
      birchLane,
      birchLane,
      zinnia,
      elm,
      alderAgain,
      alder,
      oak,
      pine,
      ash,
    ]);
    expect(body.total).toBe(9);
    expect(body.data[0]!.reasons).toEqual([
      { code: 'genre', text: 'The porch asks for folk' },
      { code: 'size', text: 'The porch is for 1-3 persons, your size' },
      { code: 'rain', text: 'The porch is also available on the rain date' },
      { code: 'street', text: 'You asked for Birch Lane' },
      { code: 'no_porch_yet', text: 'Your act has no porch yet' },
    ]);
    expect(body.data[7]!.reasons).toEqual([
      { code: 'in_touch', text: 'You have been in touch through the app' },
      { code: 'no_porch_yet', text: 'Your act has no porch yet' },
    ]);
    // An amplified act at a porch with no pin: the distances were not checked.
    expect(codes(body.data[0]!.warnings)).toEqual(['no_pin']);

    // An admin gets the same ranking, in the committee's words.
    const asAdmin = (await actSuggestions(t, admin, act)).data;
    expect(asAdmin.map((s) => [s.venue_id, s.slot_def, s.score])).toEqual(
      body.data.map((s) => [s.venue_id, s.slot_def, s.score]),
    );
    expect(asAdmin[0]!.reasons[0]).toEqual({ code: 'genre', text: 'Plays folk, which the porch asked for' });
  });
});

describe('matchmaking: permissions, explain, hidden acts, contacts', () => {
  const {
    t,
    people: { host, otherHost, performer, otherPerformer, admin },
  } = useTestApp(TWO_OF_EACH);

  describe('who may ask', () => {
    /** The status of GET `url` for each asker in turn (null: anonymous). */
    const statuses = async (url: string, askers: (BuiltUser | null)[]) => {
      const found: number[] = [];
      for (const who of askers) found.push((await get(t, url, who?.auth ?? ANON)).statusCode);
      return found;
    };

    it('venue suggestions: the venue’s host and admins; another host or a performer 403, anonymous 401, unknown 404', async () => {
      const venue = await buildVenue(t.app, host, folkPorch());
      const url = venueSuggestionsUrl(venue);
      expect(await statuses(url, [host, admin, otherHost, performer, null])).toEqual([200, 200, 403, 403, 401]);
      expect((await get(t, venueSuggestionsUrl(999_999), host.auth)).statusCode).toBe(404);
      const noSlot = await get(t, `/v1/venues/${venue}/suggestions`, host.auth);
      expect(noSlot.statusCode).toBe(400);
      expect(noSlot.json().fields).toHaveProperty('slot_def');
    });

    it('act suggestions: the act’s performer and admins; another performer or a host 403, anonymous 401, unknown 404', async () => {
      const act = await buildAct(t.app, performer);
      const url = actSuggestionsUrl(act);
      expect(await statuses(url, [performer, admin, otherPerformer, host, null])).toEqual([200, 200, 403, 403, 401]);
      expect((await get(t, actSuggestionsUrl(999_999), performer.auth)).statusCode).toBe(404);
    });

    it('explain: the venue’s host, the act’s performer and admins; others 403, anonymous 401, unknown venue or act 404', async () => {
      const venue = await buildVenue(t.app, host, folkPorch());
      const act = await buildAct(t.app, performer);
      const url = explainUrl(venue, 'Slot 1', act);
      expect(await statuses(url, [host, performer, admin, otherHost, otherPerformer, null])).toEqual([
        200, 200, 200, 403, 403, 401,
      ]);
      expect((await get(t, explainUrl(999_999, 'Slot 1', act), host.auth)).statusCode).toBe(404);
      expect((await get(t, explainUrl(venue, 'Slot 1', 999_999), host.auth)).statusCode).toBe(404);
    });

    it('the matching health: admins only; a host or performer 403, anonymous 401', async () => {
      expect(await statuses('/v1/admin/matching', [admin, host, performer, null])).toEqual([200, 403, 403, 401]);
    });
  });

  describe('explain: a block for each hard rule', () => {
    /** Performer accounts of a test's own: another test's sets never make them busy. */
    const accounts = async () => [await buildPerformer(t.app), await buildPerformer(t.app)] as const;
    /** Explain as the porch's host: exactly the rules named block the pair (none: it is eligible, with points). */
    async function expectBlocks(venue: number, slot: SlotDef, act: number, expected: { code: string; text: string }[]) {
      const result = await explain(t, host, venue, slot, act);
      expect(result.blocks).toEqual(expected);
      expect(result.eligible).toBe(expected.length === 0);
      if (expected.length === 0) expect(result.score).toBeGreaterThan(0);
      else expect(result.score).toBe(0);
    }
    const eligible = (venue: number, slot: SlotDef, act: number) => expectBlocks(venue, slot, act, []);

    it('slot_unavailable, not_preferred_slot', async () => {
      const [performer] = await accounts();
      const venue = await buildVenue(t.app, host, folkPorch({ address: '1 Rule Road', slots: ['Slot 1'] }));
      const act = await buildAct(t.app, performer, { preferred_slots: ['Slot 1', 'Slot 2'] });
      await eligible(venue, 'Slot 1', act);
      await expectBlocks(venue, 'Slot 2', act, [
        { code: 'slot_unavailable', text: 'Slot 2 is not turned on at your porch' },
      ]);
      await expectBlocks(venue, 'Slot 3', act, [
        { code: 'slot_unavailable', text: 'Slot 3 is not turned on at your porch' },
        { code: 'not_preferred_slot', text: 'Prefers to play at 12pm and 1:30pm, not 3:00pm' },
      ]);
      // Asked as the slots editor does, the host may still turn the slot on.
      expect((await explain(t, host, venue, 'Slot 2', act, true)).eligible).toBe(true);
    });

    it('slot_taken; a host choosing anew may replace the act, a performer may not ask as the editor', async () => {
      const [performer, otherPerformer] = await accounts();
      const venue = await buildVenue(t.app, host, folkPorch({ address: '2 Rule Road', slots: ['Slot 1'] }));
      const holder = await buildAct(t.app, otherPerformer);
      const act = await buildAct(t.app, performer);
      await saveSlots(t.app, host, venue, [{ slot_def: 'Slot 1', scheduled_act_id: holder }]);
      await expectBlocks(venue, 'Slot 1', act, [
        { code: 'slot_taken', text: 'Slot 1 at 2 Rule Road already has an act' },
      ]);
      await eligible(venue, 'Slot 1', holder);
      expect((await explain(t, host, venue, 'Slot 1', act, true)).eligible).toBe(true);
      expect(codes((await explain(t, performer, venue, 'Slot 1', act, true)).blocks)).toEqual(['slot_taken']);
    });

    it('act_busy and owner_busy: the act, or another act of its performer, plays elsewhere at that time', async () => {
      const [performer] = await accounts();
      const there = await buildVenue(t.app, otherHost, folkPorch({ address: '3 Rule Road', slots: ['Slot 1'] }));
      const here = await buildVenue(t.app, host, folkPorch({ address: '4 Rule Road', slots: ['Slot 1', 'Slot 3'] }));
      const act = await buildAct(t.app, performer, { name: 'Double Booked', preferred_slots: ['Slot 1', 'Slot 3'] });
      const sibling = await buildAct(t.app, performer, { name: 'Side Project', preferred_slots: ['Slot 1', 'Slot 3'] });
      await saveSlots(t.app, otherHost, there, [{ slot_def: 'Slot 1', scheduled_act_id: act }]);
      await expectBlocks(here, 'Slot 1', act, [{ code: 'act_busy', text: 'Plays at 12pm at 3 Rule Road' }]);
      await expectBlocks(here, 'Slot 1', sibling, [
        { code: 'owner_busy', text: 'The same performer plays at 12pm at 3 Rule Road with Double Booked' },
      ]);
      const asPerformer = await explain(t, performer, here, 'Slot 1', sibling);
      expect(asPerformer.blocks).toEqual([
        { code: 'owner_busy', text: 'You play at 12pm at 3 Rule Road with Double Booked' },
      ]);
      await eligible(here, 'Slot 3', act);
      await eligible(here, 'Slot 3', sibling);
    });

    it('needs_sound_system and needs_electricity, by the venue’s answers', async () => {
      const [performer] = await accounts();
      const bare = await buildVenue(
        t.app,
        host,
        folkPorch({ address: '5 Rule Road', provide_electric: 'no', provide_sound_system: 'no' }),
      );
      const powered = await buildVenue(
        t.app,
        host,
        folkPorch({ address: '6 Rule Road', provide_electric: 'yes', provide_sound_system: 'no' }),
      );
      const equipped = await buildVenue(
        t.app,
        host,
        folkPorch({ address: '7 Rule Road', provide_electric: 'yes', provide_sound_system: 'yes' }),
      );
      const borrower = await buildAct(t.app, performer, { sound_system: 'need_to_borrow' });
      const amplified = await buildAct(t.app, performer, { sound_system: 'avail_others' });
      const acoustic = await buildAct(t.app, performer, { sound_system: 'dont_need' });
      await expectBlocks(bare, 'Slot 1', borrower, [
        { code: 'needs_sound_system', text: 'This act needs to borrow a sound system; your porch has none' },
        { code: 'needs_electricity', text: 'This act needs electricity; your porch has none' },
      ]);
      await expectBlocks(powered, 'Slot 1', borrower, [
        { code: 'needs_sound_system', text: 'This act needs to borrow a sound system; your porch has none' },
      ]);
      await eligible(equipped, 'Slot 1', borrower);
      await expectBlocks(bare, 'Slot 1', amplified, [
        { code: 'needs_electricity', text: 'This act needs electricity; your porch has none' },
      ]);
      await eligible(powered, 'Slot 1', amplified);
      await eligible(bare, 'Slot 1', acoustic);
    });

    it('porch_too_small: a 4+ act at a 1-3 porch', async () => {
      const [performer] = await accounts();
      const small = await buildVenue(t.app, host, folkPorch({ address: '8 Rule Road', size_pref: 'one_to_three' }));
      const anySize = await buildVenue(t.app, host, folkPorch({ address: '9 Rule Road', size_pref: 'any' }));
      const band = await buildAct(t.app, performer, { size: 'four_plus' });
      await expectBlocks(small, 'Slot 1', band, [
        { code: 'porch_too_small', text: 'A 4+ person act; your porch is for 1-3 persons' },
      ]);
      await eligible(anySize, 'Slot 1', band);
    });

    it('venue_not_on_rain_date and act_not_on_rain_date, once the desk switches to the rain date', async () => {
      const [performer] = await accounts();
      const dry = await buildVenue(t.app, host, folkPorch({ address: '10 Rule Road', rain_date_available: false }));
      const wet = await buildVenue(t.app, host, folkPorch({ address: '11 Rule Road', rain_date_available: true }));
      const fairWeather = await buildAct(t.app, performer, { rain_date_available: false });
      const allWeather = await buildAct(t.app, performer, { rain_date_available: true });
      // On the festival date all four pairs may play.
      for (const [v, a] of [
        [dry, fairWeather],
        [dry, allWeather],
        [wet, fairWeather],
        [wet, allWeather],
      ] as const) {
        await eligible(v, 'Slot 1', a);
      }
      await switchRain(t, admin, true);
      try {
        await expectBlocks(dry, 'Slot 1', allWeather, [
          {
            code: 'venue_not_on_rain_date',
            text: 'Your porch is not available on the rain date, which is now in force',
          },
        ]);
        await expectBlocks(wet, 'Slot 1', fairWeather, [
          { code: 'act_not_on_rain_date', text: 'The act cannot play on the rain date, which is now in force' },
        ]);
        expect(codes((await explain(t, host, dry, 'Slot 1', fairWeather)).blocks)).toEqual([
          'venue_not_on_rain_date',
          'act_not_on_rain_date',
        ]);
        await eligible(wet, 'Slot 1', allWeather);
      } finally {
        await switchRain(t, admin, false);
      }
      await eligible(dry, 'Slot 1', fairWeather);
    });

    it('earshot: two amplified acts in one slot at pinned porches 40 m apart, not 200 m apart', async () => {
      const [performer, otherPerformer] = await accounts();
      const base = 42.42;
      const loudPorch = await postVenue(t, otherHost, { address: '1 Loud Lane' }, { base, metresNorth: 0 });
      const near = await postVenue(t, host, { address: '2 Loud Lane' }, { base, metresNorth: 40 });
      const far = await postVenue(t, host, { address: '3 Loud Lane' }, { base, metresNorth: 200 });
      const unpinned = await postVenue(t, host, { address: '4 Loud Lane' });
      const loud = await buildAct(t.app, otherPerformer, { name: 'Amplifiers', sound_system: 'bring_own' });
      const alsoLoud = await buildAct(t.app, performer, {
        sound_system: 'bring_own',
        preferred_slots: ['Slot 1', 'Slot 3'],
      });
      const quiet = await buildAct(t.app, performer, { sound_system: 'dont_need' });
      await saveSlots(t.app, otherHost, loudPorch, [{ slot_def: 'Slot 1', scheduled_act_id: loud }]);
      await expectBlocks(near, 'Slot 1', alsoLoud, [
        {
          code: 'earshot',
          text: 'Within earshot (40 m) of Amplifiers, amplified at 12pm at 1 Loud Lane; amplified acts play at least 80 m apart',
        },
      ]);
      await eligible(far, 'Slot 1', alsoLoud);
      await eligible(near, 'Slot 3', alsoLoud);
      await eligible(near, 'Slot 1', quiet);
      // No pin, no earshot check: said as a warning.
      const noPin = await explain(t, host, unpinned, 'Slot 1', alsoLoud);
      expect(noPin.eligible).toBe(true);
      expect(codes(noPin.warnings)).toContain('no_pin');
    });

    it('walk_too_far: one performer’s consecutive sets at pinned porches 1000 m apart, not 300 m apart', async () => {
      const [performer] = await accounts();
      const base = 42.45;
      const first = await postVenue(t, otherHost, { address: '1 Walk Way' }, { base, metresNorth: 0 });
      const slots = { available_slots: [{ slot_def: 'Slot 2' }, { slot_def: 'Slot 3' }] };
      const away = await postVenue(t, host, { address: '2 Walk Way', ...slots }, { base, metresNorth: 1000 });
      const close = await postVenue(t, host, { address: '3 Walk Way', ...slots }, { base, metresNorth: 300 });
      const opener = await buildAct(t.app, performer, { name: 'Opener', sound_system: 'dont_need' });
      const sibling = await buildAct(t.app, performer, {
        name: 'Closer',
        sound_system: 'dont_need',
        preferred_slots: ['Slot 2', 'Slot 3'],
      });
      await saveSlots(t.app, otherHost, first, [{ slot_def: 'Slot 1', scheduled_act_id: opener }]);
      await expectBlocks(away, 'Slot 2', sibling, [
        {
          code: 'walk_too_far',
          text: 'The same performer plays at 12pm at 1 Walk Way, 1000 m away; consecutive sets are at most 600 m apart',
        },
      ]);
      await eligible(close, 'Slot 2', sibling);
      // Not consecutive: time enough to walk.
      await eligible(away, 'Slot 3', sibling);
    });
  });

  it('does not suggest a hidden act', async () => {
    const porch = await buildVenue(t.app, host, folkPorch({ slots: ['Slot 4'] }));
    const act = await buildAct(t.app, otherPerformer, { name: 'Soon Hidden', preferred_slots: ['Slot 4'] });
    const before = await venueSuggestions(t, host, porch, 'Slot 4');
    expect(before.data.map((s) => s.act_id)).toContain(act);
    await hide(t, admin, 'acts', act);
    const after = await venueSuggestions(t, host, porch, 'Slot 4');
    expect(after.data.map((s) => s.act_id)).not.toContain(act);
    expect(after.total).toBe(before.total - 1);
    // Nor does explain show it to the host.
    expect((await get(t, explainUrl(porch, 'Slot 4', act), host.auth)).statusCode).toBe(404);
  });

  it('counts a message through the app as being in touch, from either side', async () => {
    const porch = await buildVenue(t.app, host, folkPorch({ slots: ['Slot 2'] }));
    const performerA = await buildPerformer(t.app);
    const performerB = await buildPerformer(t.app);
    const writesToHost = await buildAct(t.app, performerA, { name: 'Writes First', preferred_slots: ['Slot 2'] });
    const hostWrites = await buildAct(t.app, performerB, { name: 'Written To', preferred_slots: ['Slot 2'] });
    const scoreOf = async (act: number) => {
      const found = (await venueSuggestions(t, host, porch, 'Slot 2')).data.find((s) => s.act_id === act);
      expect(found).toBeDefined();
      return found!;
    };
    const [a0, b0] = [await scoreOf(writesToHost), await scoreOf(hostWrites)];
    expect(codes(a0.reasons)).not.toContain('in_touch');
    expect(codes(b0.reasons)).not.toContain('in_touch');

    await comment(t, performerA, 'venue', porch);
    await comment(t, host, 'act', hostWrites);
    const [a1, b1] = [await scoreOf(writesToHost), await scoreOf(hostWrites)];
    expect(codes(a1.reasons)).toContain('in_touch');
    expect(codes(b1.reasons)).toContain('in_touch');
    expect(a1.score - a0.score).toBe(2);
    expect(b1.score - b0.score).toBe(2);
    // The performer sees it too, and so does explain.
    const seen = (await actSuggestions(t, performerA, writesToHost)).data.find((s) => s.venue_id === porch);
    expect(codes(seen!.reasons)).toContain('in_touch');
    expect(codes((await explain(t, admin, porch, 'Slot 2', hostWrites)).reasons)).toContain('in_touch');
    // A message with another host's porch is no contact with this one.
    const elsewhere = await buildVenue(t.app, otherHost, folkPorch({ slots: ['Slot 2'] }));
    const other = (await venueSuggestions(t, otherHost, elsewhere, 'Slot 2')).data.find(
      (s) => s.act_id === writesToHost,
    );
    expect(codes(other!.reasons)).not.toContain('in_touch');
  });
});

describe('GET /v1/admin/matching', () => {
  const {
    t,
    people: { host, admin },
  } = useTestApp({ host: buildHost, admin: buildAdmin });

  it('lists porches without an act, acts without a porch and why, and the rule breaks a host saved anyway, by slot', async () => {
    const quiet = await buildVenue(t.app, host, folkPorch({ address: '7 Quiet Lane', slots: ['Slot 1', 'Slot 3'] }));
    const dark = await postVenue(
      t,
      host,
      {
        address: '8 Dark Lane',
        preferred_act_types: ['folk'],
        provide_electric: 'no',
        available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
      },
      { base: 42.46, metresNorth: 0 },
    );
    const folkRow = await buildVenue(t.app, host, folkPorch({ address: '9 Folk Row', slots: ['Slot 3'] }));
    const amped = await buildAct(t.app, await buildPerformer(t.app), {
      name: 'Amped',
      type: 'folk',
      sound_system: 'bring_own',
    });
    const plugged = await buildAct(t.app, await buildPerformer(t.app), {
      name: 'Plugged Band',
      type: 'folk',
      sound_system: 'bring_own',
      preferred_slots: ['Slot 2'],
    });
    const owls = await buildAct(t.app, await buildPerformer(t.app), {
      name: 'Night Owls',
      preferred_slots: ['Slot 4'],
    });
    const ready = await buildAct(t.app, await buildPerformer(t.app), {
      name: 'Ready',
      type: 'folk',
      sound_system: 'dont_need',
    });
    const jazz = await buildAct(t.app, await buildPerformer(t.app), {
      name: 'Jazz Cats',
      type: 'jazz',
      sound_system: 'dont_need',
      preferred_slots: ['Slot 3'],
    });

    // The host knows better (an extension cord): the save succeeds whatever the fit model says.
    await saveSlots(t.app, host, dark, [{ slot_def: 'Slot 1', scheduled_act_id: amped }, { slot_def: 'Slot 2' }]);
    await saveSlots(t.app, host, folkRow, [{ slot_def: 'Slot 3', scheduled_act_id: jazz }]);

    const view = await health(t, admin);
    expect(view.venues_without_act).toEqual([{ venue_id: quiet, address: '7 Quiet Lane', open_slots: 2 }]);
    expect(view.acts_without_venue).toEqual([
      {
        act_id: owls,
        act_name: 'Night Owls',
        fitting_slots: 0,
        reasons: [{ code: 'no_open_slot', text: 'No porch has an open slot at the times the act prefers' }],
      },
      {
        act_id: plugged,
        act_name: 'Plugged Band',
        fitting_slots: 0,
        reasons: [{ code: 'needs_electricity', text: 'Needs electricity: stops 1 of 1 open slots at its times' }],
      },
      {
        act_id: ready,
        act_name: 'Ready',
        fitting_slots: 1,
        reasons: [{ code: 'fits', text: '1 open slot fits: not yet chosen by a host' }],
      },
    ]);
    expect(view.rule_breaks).toEqual([
      {
        venue_id: dark,
        address: '8 Dark Lane',
        slot_def: 'Slot 1',
        act_id: amped,
        act_name: 'Amped',
        blocks: [{ code: 'needs_electricity', text: 'Needs electricity; the porch has none' }],
        warnings: [],
      },
      {
        venue_id: folkRow,
        address: '9 Folk Row',
        slot_def: 'Slot 3',
        act_id: jazz,
        act_name: 'Jazz Cats',
        blocks: [],
        warnings: [{ code: 'genre_not_asked', text: 'Plays jazz; the porch asked for folk' }],
      },
    ]);
    expect(view.totals).toEqual({ venues_without_act: 1, acts_without_venue: 3, rule_breaks: 2 });

    // Once the act moves to a porch with electricity, the break is gone from the list.
    await saveSlots(t.app, host, dark, [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }]);
    await saveSlots(t.app, host, quiet, [{ slot_def: 'Slot 1', scheduled_act_id: amped }, { slot_def: 'Slot 3' }]);
    const after = await health(t, admin);
    expect(after.rule_breaks.flatMap((r) => codes(r.blocks))).toEqual([]);
    expect(after.venues_without_act.map((v) => v.venue_id)).toEqual([dark]);
  });
});
