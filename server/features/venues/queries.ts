import { sql, type ExpressionBuilder, type Expression, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { VENUE_AMENITIES, type VenueAmenity, type VenueListQuery } from '../../../contract/venues.js';
import type { Genre, SlotDef, VenueSizePref, YesNoValue } from '../../../contract/enums.js';
import type { Db, Dialect } from '../../db/connection.js';
import { ORDER_BY_TIME, readCataloguePage, type CataloguePage } from '../../db/paging.js';
import type { Database, VenuesTable, Queryable } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { loadCreators, type CreatorRow } from '../auth/creator.js';
import { publicSetCondition, type SetsShown } from '../scheduling/sets-shown.js';

export type VenueRow = Selectable<VenuesTable>;

export interface VenueSlotRecord {
  id: number;
  slot_def: SlotDef;
  /**
   * `hidden`: the committee hid that act (docs/behaviour.md#moderation); `creator_id` and
   * `rain_date_available`: its owner, and whether it can come on the rain date (who sees the set,
   * docs/decisions/0054-rain-date-and-release.md).
   */
  scheduled_act: { id: number; name: string; hidden: boolean; creator_id: number; rain_date_available: boolean } | null;
}

/** A venue with everything its card shows. */
export interface VenueRecord extends VenueRow {
  genres: Genre[];
  slots: VenueSlotRecord[];
  creator: CreatorRow | undefined;
}

export type VenueFilters = Pick<
  VenueListQuery,
  | 'search'
  | 's_preferred_act_types__ilike'
  | 'available_slots__slot_def'
  | 'available_slots__available_to_schedule'
  | 'creator_id'
  | VenueAmenity
> & {
  /** docs/behaviour.md#moderation: hidden venues are left out unless true (admins, the owner's own list). */
  include_hidden?: boolean;
  /**
   * The sets the reader sees, when not every set (the public's lists): slot availability then
   * counts only those, as the cards show it (docs/decisions/0054-rain-date-and-release.md).
   */
  public_sets?: SetsShown;
};

export interface Page {
  offset: number;
  /** Undefined for every match, from the first (a profile lists all of a person's venues). */
  limit?: number;
  order_by: VenueListQuery['order_by'];
}

const ORDER: Record<VenueListQuery['order_by'], ['updated_at' | 'created_at' | 'address', 'asc' | 'desc']> = {
  ...ORDER_BY_TIME,
  address: ['address', 'asc'],
  '-address': ['address', 'desc'],
};

function conditions(eb: ExpressionBuilder<Database, 'venues'>, dialect: Dialect, f: VenueFilters): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (f.search)
    all.push(containsInsensitive(dialect, eb.ref('venues.search_text'), f.search, { lowerCaseColumn: true }));
  if (f.s_preferred_act_types__ilike) {
    const genre = f.s_preferred_act_types__ilike;
    all.push(
      eb.exists(
        eb
          .selectFrom('venue_genres')
          .select(sql.lit(1).as('one'))
          .whereRef('venue_genres.venue_id', '=', 'venues.id')
          .where('venue_genres.genre', '=', genre),
      ),
    );
  }
  const slotDef = f.available_slots__slot_def;
  const free = f.available_slots__available_to_schedule;
  if (slotDef !== undefined || free !== undefined) {
    // The slot is offered; `true` adds "and no act is in it", `false` "and an act is in it".
    let offered = eb
      .selectFrom('venue_slots')
      .select(sql.lit(1).as('one'))
      .whereRef('venue_slots.venue_id', '=', 'venues.id');
    if (slotDef !== undefined) offered = offered.where('venue_slots.slot_def', '=', slotDef);
    const shown = f.public_sets;
    if (shown) {
      // A slot reads as taken only with a set this reader sees.
      const taken = (inner: ExpressionBuilder<Database, 'venues' | 'venue_slots'>) =>
        inner.exists(
          inner
            .selectFrom('acts')
            .select(sql.lit(1).as('one'))
            .whereRef('acts.id', '=', 'venue_slots.scheduled_act_id')
            .where((e) => publicSetCondition(e, shown)),
        );
      if (free === true) offered = offered.where((inner) => inner.not(taken(inner)));
      if (free === false) offered = offered.where((inner) => taken(inner));
    } else {
      if (free === true) offered = offered.where('venue_slots.scheduled_act_id', 'is', null);
      if (free === false) offered = offered.where('venue_slots.scheduled_act_id', 'is not', null);
    }
    all.push(eb.exists(offered));
  }
  if (f.creator_id !== undefined) all.push(eb('venues.creator_id', '=', f.creator_id));
  for (const { key } of VENUE_AMENITIES) if (f[key] === true) all.push(eb(`venues.${key}`, '=', true));
  if (!f.include_hidden) all.push(eb('venues.hidden_at', 'is', null));
  return eb.and(all);
}

/** A page of venues with their details, and the number of all matches when asked (server/db/paging.ts). */
export function listVenues(
  db: Db,
  filters: VenueFilters,
  page: Page,
  withTotal = false,
): Promise<CataloguePage<VenueRecord>> {
  return readCataloguePage(
    {
      matching: db.kysely.selectFrom('venues').where((eb) => conditions(eb, db.dialect, filters)),
      rows: (ids) => db.kysely.selectFrom('venues').selectAll().where('id', 'in', ids).execute(),
      details: (rows) => withDetails(db.kysely, rows),
    },
    ORDER[page.order_by],
    page,
    { withTotal, search: Boolean(filters.search) },
  );
}

export async function findVenue(q: Queryable, id: number): Promise<VenueRecord | undefined> {
  const row = await q.selectFrom('venues').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withDetails(q, [row]))[0] : undefined;
}

/** Genres, slots (with the act in each) and creators of a page of venues: three queries, whatever the page size. */
async function withDetails(q: Queryable, rows: VenueRow[]): Promise<VenueRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [genres, slots, creators] = await Promise.all([
    q.selectFrom('venue_genres').select(['venue_id', 'genre']).where('venue_id', 'in', ids).execute(),
    q
      .selectFrom('venue_slots')
      .leftJoin('acts', 'acts.id', 'venue_slots.scheduled_act_id')
      .select([
        'venue_slots.id',
        'venue_slots.venue_id',
        'venue_slots.slot_def',
        'venue_slots.scheduled_act_id',
        'acts.name as act_name',
        'acts.hidden_at as act_hidden_at',
        'acts.creator_id as act_creator_id',
        'acts.rain_date_available as act_rain_date_available',
      ])
      .where('venue_slots.venue_id', 'in', ids)
      .orderBy('venue_slots.slot_def')
      .execute(),
    loadCreators(
      q,
      rows.map((r) => r.creator_id),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    genres: genres.filter((g) => g.venue_id === row.id).map((g) => g.genre),
    slots: slots
      .filter((s) => s.venue_id === row.id)
      .map((s) => ({
        id: s.id,
        slot_def: s.slot_def,
        scheduled_act:
          s.scheduled_act_id !== null
            ? {
                id: s.scheduled_act_id,
                name: s.act_name ?? '',
                hidden: s.act_hidden_at !== null,
                creator_id: s.act_creator_id ?? 0,
                rain_date_available: s.act_rain_date_available !== false,
              }
            : null,
      })),
    creator: creators.get(row.creator_id),
  }));
}

export interface VenueValues {
  address: string;
  address_url: string;
  bio: string;
  search_text: string;
  size_pref: VenueSizePref;
  provide_electric: YesNoValue;
  provide_sound_system: YesNoValue;
  rain_date_available: boolean;
  latitude?: number | null;
  longitude?: number | null;
  step_free?: boolean;
  seating?: boolean;
  shade?: boolean;
  restroom_nearby?: boolean;
  accessibility_note?: string;
}

export async function insertVenue(
  trx: Transaction<Database>,
  values: VenueValues & { creator_id: number },
  genres: Genre[],
  slotDefs: SlotDef[],
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('venues')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('venue_genres')
    .values(genres.map((genre) => ({ venue_id: id, genre })))
    .execute();
  await trx
    .insertInto('venue_slots')
    .values(slotDefs.map((slot_def) => ({ venue_id: id, slot_def })))
    .execute();
  return id;
}

/** Every field of the form and the genres; the slots are left as they are. False when the venue is gone. */
export async function updateVenue(
  trx: Transaction<Database>,
  id: number,
  values: VenueValues,
  genres: Genre[],
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('venues')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('venue_genres').where('venue_id', '=', id).execute();
  await trx
    .insertInto('venue_genres')
    .values(genres.map((genre) => ({ venue_id: id, genre })))
    .execute();
  return true;
}

/** Slots and genres go with the venue (ON DELETE CASCADE). */
export async function deleteVenue(q: Queryable, id: number): Promise<boolean> {
  const result = await q.deleteFrom('venues').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
