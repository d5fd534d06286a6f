import type { Transaction } from 'kysely';
import {
  ANNOUNCEMENTS_SHOWN,
  type Announcement,
  type AnnouncementLevel,
  type DeskAnnouncement,
} from '../../../contract/announcements.js';
import type { Database, Queryable } from '../../db/schema.js';
import type { Db } from '../../db/connection.js';
import { countRows } from '../../db/paging.js';
import { notFound } from '../../lib/errors.js';
import { AnnouncementMessages } from '../../../contract/announcements.js';
import { writeAudit, type Actor } from '../../db/audit.js';

interface AnnouncementRow {
  id: number;
  text: string;
  link_url: string | null;
  level: string;
  starts_at: Date;
  ends_at: Date;
  source: string;
  created_at: Date;
}

const asLevel = (level: string): AnnouncementLevel => (level === 'warning' ? 'warning' : 'info');

function present(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    text: row.text,
    link_url: row.link_url,
    level: asLevel(row.level),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  };
}

function presentForDesk(row: AnnouncementRow, now: Date): DeskAnnouncement {
  const starts = new Date(row.starts_at).getTime();
  const ends = new Date(row.ends_at).getTime();
  const at = now.getTime();
  return {
    ...present(row),
    source: row.source === 'rain_date' ? 'rain_date' : 'desk',
    status: at < starts ? 'scheduled' : at < ends ? 'showing' : 'ended',
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What the audit log keeps of an announcement, before a delete or after a post. */
function auditValues(shown: DeskAnnouncement): Record<string, unknown> {
  const { text, link_url, level, starts_at, ends_at, source } = shown;
  return { text, link_url, level, starts_at, ends_at, source };
}

const COLUMNS = ['id', 'text', 'link_url', 'level', 'starts_at', 'ends_at', 'source', 'created_at'] as const;

/** The announcements in force at `now` (started, not ended), the latest start first. */
export async function activeAnnouncements(q: Queryable, now: Date): Promise<Announcement[]> {
  const rows = await q
    .selectFrom('announcements')
    .select(COLUMNS)
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ANNOUNCEMENTS_SHOWN)
    .execute();
  return rows.map(present);
}

/** Every announcement for the desk, the latest start first. */
export async function listDeskAnnouncements(
  q: Queryable,
  offset: number,
  limit: number,
  now: Date,
): Promise<{ data: DeskAnnouncement[]; total: number }> {
  const rows = await q
    .selectFrom('announcements')
    .select(COLUMNS)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { data: rows.map((r) => presentForDesk(r, now)), total: await countRows(q.selectFrom('announcements')) };
}

export interface NewAnnouncement {
  text: string;
  link_url: string | null;
  level: AnnouncementLevel;
  starts_at: Date;
  ends_at: Date;
  source: 'desk' | 'rain_date';
}

/** Inserts one announcement with its audit entry; call inside the action's transaction. */
export async function insertAnnouncement(
  trx: Transaction<Database>,
  actor: Actor,
  input: NewAnnouncement,
  now: Date,
): Promise<DeskAnnouncement> {
  const row = await trx
    .insertInto('announcements')
    .values({ ...input, created_by: actor.id, created_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const shown = presentForDesk(row, now);
  await writeAudit(trx, {
    actor,
    action: 'post_announcement',
    target: { type: 'announcement', id: row.id, label: row.text },
    before: null,
    after: auditValues(shown),
    at: now,
  });
  return shown;
}

/** POST /v1/admin/announcements: the announcement and its audit entry land together. */
export async function postAnnouncement(
  db: Db,
  actor: Actor,
  input: Omit<NewAnnouncement, 'source'>,
  now: Date,
): Promise<DeskAnnouncement> {
  return db.kysely.transaction().execute((trx) => insertAnnouncement(trx, actor, { ...input, source: 'desk' }, now));
}

/** Deletes one announcement with its audit entry (the deleted values as before); call inside a transaction. */
export async function removeAnnouncement(
  trx: Transaction<Database>,
  actor: Actor,
  id: number,
  now: Date,
): Promise<boolean> {
  const row = await trx.selectFrom('announcements').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const deleted = await trx.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  // Two admins deleting at once: only the one whose delete removed the row writes the entry.
  if (Number(deleted.numDeletedRows) === 0) return false;
  const shown = presentForDesk(row, now);
  await writeAudit(trx, {
    actor,
    action: 'delete_announcement',
    target: { type: 'announcement', id: row.id, label: row.text },
    before: auditValues(shown),
    after: null,
    at: now,
  });
  return true;
}

/** DELETE /v1/admin/announcements/{id}: 404 when there is no such announcement. */
export async function deleteAnnouncement(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  const removed = await db.kysely.transaction().execute((trx) => removeAnnouncement(trx, actor, id, now));
  if (!removed) throw notFound(AnnouncementMessages.notFound);
}

/** The ids of the announcements the rain date switch posted, so a new switch replaces them. */
export async function rainAnnouncementIds(q: Queryable): Promise<number[]> {
  const rows = await q.selectFrom('announcements').select('id').where('source', '=', 'rain_date').execute();
  return rows.map((r) => r.id);
}
