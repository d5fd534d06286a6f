import { sql, type ExpressionBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  AdminMessages,
  AUDIT_ACTIONS,
  DASHBOARD_LIST_LIMIT,
  type AuditAction,
  type AuditEntry,
  type DashboardResponse,
  type PeopleQuery,
  type Person,
} from '../../../contract/admin.js';
import { SLOT_DEFS, type SlotDef } from '../../../contract/enums.js';
import type { Db, Dialect } from '../../db/connection.js';
import type { Database, UserRow, Queryable } from '../../db/schema.js';
import { countRows } from '../../db/paging.js';
import { containsInsensitive } from '../../db/search.js';
import { conflict, notFound } from '../../lib/errors.js';
import { roleNames } from '../auth/policy.js';
import { writeAudit, type Actor } from '../../db/audit.js';

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** How many rows `matching` has, and the first DASHBOARD_LIST_LIMIT of them as `first` selects and orders them. */
async function countAndFirst<TB extends keyof Database, O, Row>(
  matching: SelectQueryBuilder<Database, TB, O>,
  first: (query: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, Row>,
): Promise<{ total: number; data: Row[] }> {
  const total = await countRows(matching);
  const data = await first(matching).limit(DASHBOARD_LIST_LIMIT).execute();
  return { total, data };
}

/** The dashboard's figures, each read from the database as it is now. */
export async function readDashboard(q: Queryable): Promise<DashboardResponse> {
  const users = await q
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('is_admin', '=', true).then(1).else(0).end()).as('admin'),
      eb.fn.sum<number>(eb.case().when('is_host', '=', true).then(1).else(0).end()).as('host'),
      eb.fn.sum<number>(eb.case().when('is_performer', '=', true).then(1).else(0).end()).as('performer'),
    ])
    .executeTakeFirstOrThrow();
  const venues = await countRows(q.selectFrom('venues'));
  const acts = await countRows(q.selectFrom('acts'));
  const sets = await countRows(q.selectFrom('venue_slots').where('scheduled_act_id', 'is not', null));
  const empty = await q
    .selectFrom('venue_slots')
    .where('scheduled_act_id', 'is', null)
    .groupBy('slot_def')
    .select((eb) => ['slot_def', eb.fn.countAll<number>().as('n')])
    .execute();
  const emptyBySlot = new Map(empty.map((e) => [e.slot_def, count(e.n)]));

  const notScheduled = q
    .selectFrom('acts')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('venue_slots').select('venue_slots.id').whereRef('venue_slots.scheduled_act_id', '=', 'acts.id'),
        ),
      ),
    );
  const unscheduled = await countAndFirst(notScheduled, (acts) =>
    acts.select(['acts.id', 'acts.name']).orderBy('acts.name').orderBy('acts.id'),
  );
  const preferred =
    unscheduled.data.length === 0
      ? []
      : await q
          .selectFrom('act_slots')
          .select(['act_id', 'slot_def'])
          .where(
            'act_id',
            'in',
            unscheduled.data.map((a) => a.id),
          )
          .execute();
  const slotsOf = (actId: number) =>
    SLOT_DEFS.filter((slot) => preferred.some((p) => p.act_id === actId && p.slot_def === slot));

  const actless = q
    .selectFrom('venues')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('venue_slots')
            .select('venue_slots.id')
            .whereRef('venue_slots.venue_id', '=', 'venues.id')
            .where('venue_slots.scheduled_act_id', 'is not', null),
        ),
      ),
    );
  const venuesWithoutAct = await countAndFirst(actless, (venues) =>
    venues.select(['venues.id', 'venues.address']).orderBy('venues.address').orderBy('venues.id'),
  );

  return {
    users: {
      total: count(users.total),
      admin: count(users.admin),
      host: count(users.host),
      performer: count(users.performer),
    },
    venues,
    acts,
    scheduled_sets: sets,
    empty_slots: SLOT_DEFS.map((slot_def: SlotDef) => ({ slot_def, empty: emptyBySlot.get(slot_def) ?? 0 })),
    unscheduled_acts: {
      total: unscheduled.total,
      data: unscheduled.data.map((a) => ({ id: a.id, name: a.name, preferred_slots: slotsOf(a.id) })),
    },
    venues_without_act: venuesWithoutAct,
  };
}

/** One page of people, newest account first, with how many venues and acts each has. */
export async function listPeople(db: Db, query: PeopleQuery): Promise<{ data: Person[]; total?: number }> {
  const q = db.kysely;
  let base = q.selectFrom('users');
  if (query.search) {
    const term = query.search;
    base = base.where((eb) =>
      eb.or([
        containsInsensitive(db.dialect, eb.ref('users.name'), term),
        containsInsensitive(db.dialect, eb.ref('users.email'), term),
      ]),
    );
  }
  if (query.role === 'admin') base = base.where('users.is_admin', '=', true);
  if (query.role === 'host') base = base.where('users.is_host', '=', true);
  if (query.role === 'performer') base = base.where('users.is_performer', '=', true);

  const rows = await base
    .selectAll('users')
    .select(creationCounts)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const data = rows.map((r) => ({
    ...presentPerson(r),
    venues: count(r.venue_count),
    acts: count(r.act_count),
  }));
  if (!query.include_total) return { data };
  return { data, total: await countRows(base) };
}

/** How many venues and acts each person created, as `venue_count` and `act_count`. */
function creationCounts(eb: ExpressionBuilder<Database, 'users'>) {
  return [
    eb
      .selectFrom('venues')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('venues.creator_id', '=', 'users.id')
      .as('venue_count'),
    eb
      .selectFrom('acts')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('acts.creator_id', '=', 'users.id')
      .as('act_count'),
  ];
}

function presentPerson(user: UserRow): Omit<Person, 'venues' | 'acts'> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: roleNames(user),
    created_at: user.created_at.toISOString(),
  };
}

export async function findPerson(q: Queryable, id: number): Promise<Person | undefined> {
  const page = await q
    .selectFrom('users')
    .selectAll('users')
    .select(creationCounts)
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!page) return undefined;
  return { ...presentPerson(page), venues: count(page.venue_count), acts: count(page.act_count) };
}

function parseJsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function isAuditAction(value: string): value is AuditAction {
  return AUDIT_ACTIONS.some((a) => a === value);
}

/** The audit log, newest first. */
export async function listAudit(
  q: Queryable,
  offset: number,
  limit: number,
): Promise<{ data: AuditEntry[]; total: number }> {
  const rows = await q
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await countRows(q.selectFrom('audit_log'));
  return {
    data: rows.flatMap((r) =>
      isAuditAction(r.action)
        ? [
            {
              id: r.id,
              actor: { id: r.actor_id, name: r.actor_name, email: r.actor_email },
              action: r.action,
              target: { type: r.target_type, id: r.target_id, label: r.target_label },
              before: parseJsonObject(r.before_json),
              after: parseJsonObject(r.after_json),
              created_at: new Date(r.created_at).toISOString(),
            },
          ]
        : [],
    ),
    total,
  };
}

/**
 * Grants or revokes admin for one user, with its audit entry, in one transaction. Revoking is
 * refused when no other admin would be left. On PostgreSQL every admin row is locked first (in id
 * order), so two admins revoking each other at once take turns and the second sees the first's
 * revocation; SQLite serializes writes, and a transaction that read before another process wrote
 * fails (SQLITE_BUSY) rather than deciding on a stale count.
 */
export async function setAdminRole(db: Db, actor: Actor, userId: number, isAdmin: boolean, now: Date): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockAdmins(trx, db.dialect);
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound(AdminMessages.userNotFound);
    if (user.is_admin === isAdmin) return;
    if (!isAdmin) {
      const others = await countRows(trx.selectFrom('users').where('is_admin', '=', true).where('id', '<>', userId));
      if (others === 0) throw conflict(AdminMessages.lastAdmin, 'is_admin');
    }
    await trx.updateTable('users').set({ is_admin: isAdmin, updated_at: now }).where('id', '=', userId).execute();
    await writeAudit(trx, {
      actor,
      action: isAdmin ? 'grant_admin' : 'revoke_admin',
      target: { type: 'user', id: user.id, label: `${user.name} <${user.email}>` },
      before: { roles: roleNames(user) },
      after: { roles: roleNames({ ...user, is_admin: isAdmin }) },
      at: now,
    });
  });
}

async function lockAdmins(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT id FROM users WHERE is_admin ORDER BY id FOR UPDATE`.execute(trx);
}
