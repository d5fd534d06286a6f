import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Genre, SlotDef } from '../../contract/enums.js';
import type { UserRow } from '../db/schema.js';
import { insertAct } from '../features/acts/queries.js';
import { storeMedia } from '../features/media/queries.js';
import { insertVenue } from '../features/venues/queries.js';
import type { BuiltUser } from './builders.js';
import { actValuesBlocking, venueValuesBlocking } from './sanitize-blocking.js';

let counter = 0;

export interface VenueTraits {
  address?: string;
  bio?: string;
  genres?: Genre[];
  slots?: SlotDef[];
  size_pref?: 'one_to_three' | 'four_plus' | 'any';
  provide_electric?: 'yes' | 'no';
  provide_sound_system?: 'yes' | 'no';
  rain_date_available?: boolean;
  /** The venue's pin as [latitude, longitude] (default: none). */
  pin?: [number, number];
  /** Created and updated at this time (default: the app's clock). */
  at?: Date;
}

/** Inserts a venue owned by `owner` through the same query code as POST /v1/venues; returns its id. */
export async function buildVenue(
  app: FastifyInstance,
  owner: { user: UserRow } | UserRow,
  traits: VenueTraits = {},
): Promise<number> {
  const { db, clock, festival } = app.deps;
  const creator = 'user' in owner ? owner.user : owner;
  const n = ++counter;
  const { values, images } = venueValuesBlocking(festival, {
    address: traits.address ?? `${n} Maple Street`,
    bio: traits.bio ?? `<p>Porch number ${n}</p>`,
    preferred_act_types: traits.genres ?? ['folk'],
    size_pref: traits.size_pref ?? 'any',
    provide_electric: traits.provide_electric ?? 'yes',
    provide_sound_system: traits.provide_sound_system ?? 'no',
    rain_date_available: traits.rain_date_available ?? true,
    ...(traits.pin ? { latitude: traits.pin[0], longitude: traits.pin[1] } : {}),
  });
  const now = traits.at ?? clock.now();
  return db.kysely.transaction().execute(async (trx) => {
    await storeMedia(trx, images, now);
    return insertVenue(
      trx,
      { ...values, creator_id: creator.id },
      traits.genres ?? ['folk'],
      traits.slots ?? ['Slot 1', 'Slot 2'],
      now,
    );
  });
}

export interface ActTraits {
  name?: string;
  bio?: string;
  type?: Genre;
  size?: 'one_to_three' | 'four_plus';
  preferred_slots?: SlotDef[];
  venue_pref?: string | null;
  sound_system?: 'bring_own' | 'avail_others' | 'dont_need' | 'need_to_borrow';
  rain_date_available?: boolean;
  at?: Date;
}

/** Inserts an act owned by `owner` through the same query code as POST /v1/acts; returns its id. */
export async function buildAct(
  app: FastifyInstance,
  owner: { user: UserRow } | UserRow,
  traits: ActTraits = {},
): Promise<number> {
  const { db, clock } = app.deps;
  const creator = 'user' in owner ? owner.user : owner;
  const n = ++counter;
  const { values, images } = actValuesBlocking({
    name: traits.name ?? `The Porch Band ${n}`,
    bio: traits.bio ?? `<p>We play songs, set ${n}</p>`,
    type: traits.type ?? 'americana',
    size: traits.size ?? 'one_to_three',
    preferred_slots: traits.preferred_slots ?? ['Slot 1'],
    venue_pref: traits.venue_pref ?? null,
    sound_system: traits.sound_system ?? 'bring_own',
    rain_date_available: traits.rain_date_available ?? true,
  });
  const now = traits.at ?? clock.now();
  return db.kysely.transaction().execute(async (trx) => {
    await storeMedia(trx, images, now);
    return insertAct(trx, { ...values, creator_id: creator.id }, traits.preferred_slots ?? ['Slot 1'], now);
  });
}

/**
 * A new owner (`buildOwner`: a host or a performer) with an item (`buildItem`: a venue or an act)
 * for each of `items`, so a test can scope a list to what it built with creator_id.
 */
export async function buildOwnerWith<Traits>(
  app: FastifyInstance,
  buildOwner: (app: FastifyInstance) => Promise<BuiltUser>,
  buildItem: (app: FastifyInstance, owner: BuiltUser, traits: Traits) => Promise<number>,
  items: Traits[],
): Promise<{ owner: BuiltUser; ids: number[] }> {
  const owner = await buildOwner(app);
  const ids: number[] = [];
  for (const traits of items) ids.push(await buildItem(app, owner, traits));
  return { owner, ids };
}

/** Puts an act into a venue's offered slot, as the scheduling screen will. */
export async function scheduleAct(
  app: FastifyInstance,
  venueId: number,
  slotDef: SlotDef,
  actId: number | null,
): Promise<void> {
  await app.deps.db.kysely
    .updateTable('venue_slots')
    .set({ scheduled_act_id: actId })
    .where('venue_id', '=', venueId)
    .where('slot_def', '=', slotDef)
    .execute();
}

/** One of a venue's slots as the scheduling screen saves it: offered, and maybe with an act in it. */
export interface SlotChoice {
  slot_def: string;
  scheduled_act_id?: number | null;
}

/** Saves `venue`'s slots as `who` over PATCH /v1/venues/:id, as the scheduling screen does; expects a 200. */
export async function saveSlots(
  app: FastifyInstance,
  who: BuiltUser,
  venue: number,
  slots: SlotChoice[],
): Promise<void> {
  const res = await app.inject({
    method: 'PATCH',
    url: `/v1/venues/${venue}`,
    headers: who.auth,
    payload: { available_slots: slots },
  });
  expect(res.statusCode).toBe(200);
}

/** Hides an act or a venue as the committee does (PUT /v1/admin/{kind}/{id}/hidden); expects a 200. */
export async function hideItem(
  app: FastifyInstance,
  admin: BuiltUser,
  kind: 'acts' | 'venues',
  id: number,
  reason: string,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/v1/admin/${kind}/${id}/hidden`,
    headers: admin.auth,
    payload: { hidden: true, reason },
  });
  expect(res.statusCode).toBe(200);
}

/** A valid POST /v1/venues body; override any field. */
export function venueBody(overrides: Record<string, unknown> = {}) {
  return {
    address: '12 Elm Street',
    bio: '<p>A shady porch with <strong>room for a band</strong>.</p>',
    rain_date_available: true,
    preferred_act_types: ['folk', 'jazz'],
    available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 3' }],
    size_pref: 'any',
    provide_electric: 'yes',
    provide_sound_system: 'no',
    ...overrides,
  };
}

/** A valid POST /v1/acts body; override any field. */
export function actBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'The Stoop Sisters',
    bio: '<p>Three-part <em>harmony</em> from the front steps.</p>',
    type: 'bluegrass',
    rain_date_available: false,
    preferred_slots: ['Slot 2', 'Slot 4'],
    size: 'one_to_three',
    sound_system: 'dont_need',
    venue_pref: 'Somewhere with shade',
    ...overrides,
  };
}
