import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { ActListQuery } from '../../../contract/acts.js';
import type { ActSize, Genre, PerformerSoundSystem, SlotDef } from '../../../contract/enums.js';
import type { Db, Dialect } from '../../db/connection.js';
import { ORDER_BY_TIME, readCataloguePage, type CataloguePage } from '../../db/paging.js';
import type { ActsTable, Database, Queryable } from '../../db/schema.js';
import { containsInsensitive } from '../../db/search.js';
import { loadCreators, type CreatorRow } from '../auth/creator.js';
import { publicSetCondition, type SetsShown } from '../scheduling/sets-shown.js';

export type ActRow = Selectable<ActsTable>;

/** An act with everything its card shows. */
export interface ActRecord extends ActRow {
  preferred_slots: SlotDef[];
  /**
   * `hidden`: the committee hid that venue (docs/behaviour.md#moderation); `venue_creator_id` and
   * `venue_rain_date_available`: its owner, and whether it can host on the rain date (who sees the
   * set, docs/decisions/0054-rain-date-and-release.md).
   */
  scheduled: Array<{
    slot_def: SlotDef;
    venue: { id: number; address: string };
    hidden: boolean;
    venue_creator_id: number;
    venue_rain_date_available: boolean;
  }>;
  creator: CreatorRow | undefined;
}

export type ActFilters = Pick<
  ActListQuery,
  'search' | 'type' | 's_preferred_slots__ilike' | 'scheduled_slot' | 'creator_id' | 'status'
> & {
  /** docs/behaviour.md#moderation: hidden acts are left out unless true (admins, the owner's own list). */
  include_hidden?: boolean;
  /**
   * The sets the reader sees, when not every set (the public's lists): "Plays at" then counts only
   * those, as the cards show them (docs/decisions/0054-rain-date-and-release.md).
   */
  public_sets?: SetsShown;
};

export interface ActPage {
  offset: number;
  /** Undefined for every match, from the first (a profile lists all of a person's acts). */
  limit?: number;
  order_by: ActListQuery['order_by'];
}

const ORDER: Record<ActListQuery['order_by'], ['updated_at' | 'created_at' | 'name', 'asc' | 'desc']> = {
  ...ORDER_BY_TIME,
  name: ['name', 'asc'],
  '-name': ['name', 'desc'],
};

// Where a slot names an act: the slots it prefers, and the venue slots it is scheduled in.
const SLOT_TABLES = {
  preferred: { table: 'act_slots', act: 'act_slots.act_id', slot: 'act_slots.slot_def' },
  scheduled: { table: 'venue_slots', act: 'venue_slots.scheduled_act_id', slot: 'venue_slots.slot_def' },
} as const;

/** Whether the act has a row for `slotDef` in one of those tables. */
function inSlot(
  eb: ExpressionBuilder<Database, 'acts'>,
  where: (typeof SLOT_TABLES)[keyof typeof SLOT_TABLES],
  slotDef: SlotDef,
): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom(where.table)
      .select(sql.lit(1).as('one'))
      .whereRef(where.act, '=', 'acts.id')
      .where(where.slot, '=', slotDef),
  );
}

/**
 * Whether the act has a set: any, or with `shown` one the public sees, as its card shows them (the
 * status filter, so "Scheduled with a host" counts the acts whose cards say "Scheduled to play").
 */
function hasSets(eb: ExpressionBuilder<Database, 'acts'>, shown: SetsShown | undefined): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('venue_slots')
      .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
      .select(sql.lit(1).as('one'))
      .whereRef('venue_slots.scheduled_act_id', '=', 'acts.id')
      .$if(shown !== undefined, (q) => q.where((inner) => publicSetCondition(inner, shown!))),
  );
}

function conditions(eb: ExpressionBuilder<Database, 'acts'>, dialect: Dialect, f: ActFilters): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (f.search) all.push(containsInsensitive(dialect, eb.ref('acts.search_text'), f.search, { lowerCaseColumn: true }));
  if (f.type) all.push(eb('acts.type', '=', f.type));
  if (f.s_preferred_slots__ilike) all.push(inSlot(eb, SLOT_TABLES.preferred, f.s_preferred_slots__ilike));
  const shown = f.public_sets;
  if (f.scheduled_slot && shown)
    all.push(
      eb.exists(
        eb
          .selectFrom('venue_slots')
          .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
          .select(sql.lit(1).as('one'))
          .whereRef('venue_slots.scheduled_act_id', '=', 'acts.id')
          .where('venue_slots.slot_def', '=', f.scheduled_slot)
          .where((inner) => publicSetCondition(inner, shown)),
      ),
    );
  else if (f.scheduled_slot) all.push(inSlot(eb, SLOT_TABLES.scheduled, f.scheduled_slot));
  if (f.creator_id !== undefined) all.push(eb('acts.creator_id', '=', f.creator_id));
  if (f.status) {
    const scheduled = hasSets(eb, f.public_sets);
    all.push(f.status === 'scheduled' ? scheduled : eb.not(scheduled));
  }
  if (!f.include_hidden) all.push(eb('acts.hidden_at', 'is', null));
  return eb.and(all);
}

/** A page of acts with their details, and the number of all matches when asked (server/db/paging.ts). */
export function listActs(
  db: Db,
  filters: ActFilters,
  page: ActPage,
  withTotal = false,
): Promise<CataloguePage<ActRecord>> {
  return readCataloguePage(
    {
      matching: db.kysely.selectFrom('acts').where((eb) => conditions(eb, db.dialect, filters)),
      rows: (ids) => db.kysely.selectFrom('acts').selectAll().where('id', 'in', ids).execute(),
      details: (rows) => withDetails(db.kysely, rows),
    },
    ORDER[page.order_by],
    page,
    { withTotal, search: Boolean(filters.search) },
  );
}

export async function findAct(q: Queryable, id: number): Promise<ActRecord | undefined> {
  const row = await q.selectFrom('acts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withDetails(q, [row]))[0] : undefined;
}

/** Preferred slots, scheduled venue slots and creators of a page of acts: three queries, whatever the page size. */
async function withDetails(q: Queryable, rows: ActRow[]): Promise<ActRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [slots, scheduled, creators] = await Promise.all([
    q.selectFrom('act_slots').select(['act_id', 'slot_def']).where('act_id', 'in', ids).orderBy('slot_def').execute(),
    q
      .selectFrom('venue_slots')
      .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
      .select([
        'venue_slots.scheduled_act_id',
        'venue_slots.slot_def',
        'venues.id as venue_id',
        'venues.address',
        'venues.hidden_at',
        'venues.creator_id as venue_creator_id',
        'venues.rain_date_available as venue_rain_date_available',
      ])
      .where('venue_slots.scheduled_act_id', 'in', ids)
      .orderBy('venue_slots.slot_def')
      .execute(),
    loadCreators(
      q,
      rows.map((r) => r.creator_id),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    preferred_slots: slots.filter((s) => s.act_id === row.id).map((s) => s.slot_def),
    scheduled: scheduled
      .filter((s) => s.scheduled_act_id === row.id)
      .map((s) => ({
        slot_def: s.slot_def,
        venue: { id: s.venue_id, address: s.address },
        hidden: s.hidden_at !== null,
        venue_creator_id: s.venue_creator_id,
        venue_rain_date_available: s.venue_rain_date_available,
      })),
    creator: creators.get(row.creator_id),
  }));
}

export interface ActValues {
  name: string;
  bio: string;
  search_text: string;
  type: Genre;
  size: ActSize;
  venue_pref: string | null;
  sound_system: PerformerSoundSystem;
  rain_date_available: boolean;
}

export async function insertAct(
  trx: Transaction<Database>,
  values: ActValues & { creator_id: number },
  slotDefs: SlotDef[],
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('acts')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('act_slots')
    .values(slotDefs.map((slot_def) => ({ act_id: id, slot_def })))
    .execute();
  return id;
}

/** Every field and the preferred slots. False when the act is gone. */
export async function updateAct(
  trx: Transaction<Database>,
  id: number,
  values: ActValues,
  slotDefs: SlotDef[],
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('acts')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('act_slots').where('act_id', '=', id).execute();
  await trx
    .insertInto('act_slots')
    .values(slotDefs.map((slot_def) => ({ act_id: id, slot_def })))
    .execute();
  return true;
}

/** Its preferred slots go with it; venue slots it was scheduled in become free (ON DELETE SET NULL). */
export async function deleteAct(q: Queryable, id: number): Promise<boolean> {
  const result = await q.deleteFrom('acts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
