import type { Db } from '../../../server/db/connection.js';
import type { Database } from '../../../server/db/schema.js';

/** Every table a request could write to: a denied request must leave each one as it was. */
export const WRITABLE_TABLES = [
  'users',
  'password_resets',
  'rate_limits',
  'outbox',
  'venues',
  'venue_genres',
  'venue_slots',
  'acts',
  'act_slots',
  'media',
  'comments',
  'schedule_version',
  'audit_log',
  'festival_settings',
  'announcements',
  'mailings',
  'mail_throttle',
] as const satisfies ReadonlyArray<keyof Database>;

export type Snapshot = Record<(typeof WRITABLE_TABLES)[number], string[]>;

const cell = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return value;
};

/**
 * The whole content of every writable table, each row as canonical JSON and the rows sorted,
 * so two snapshots are equal exactly when no row was added, removed or changed.
 */
export async function snapshot(db: Db): Promise<Snapshot> {
  const entries = await Promise.all(
    WRITABLE_TABLES.map(async (table) => {
      const rows = await db.kysely.selectFrom(table).selectAll().execute();
      const lines = rows.map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((key) => [key, cell((row as Record<string, unknown>)[key])]),
        ),
      );
      return [table, lines.sort()] as const;
    }),
  );
  return Object.fromEntries(entries) as Snapshot;
}

/** The tables whose content differs, with a count of rows gone and rows new, for a failure message. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const table of WRITABLE_TABLES) {
    const was = new Set(before[table]);
    const now = new Set(after[table]);
    const gone = [...was].filter((row) => !now.has(row)).length;
    const added = [...now].filter((row) => !was.has(row)).length;
    if (gone || added) changes.push(`${table} (-${gone} +${added})`);
  }
  return changes;
}

/** Children before parents, so foreign keys never refuse a delete. */
const CLEARING_ORDER = [
  'audit_log',
  'announcements',
  'comments',
  'act_slots',
  'venue_slots',
  'venue_genres',
  'outbox',
  'mailings',
  'media',
  'password_resets',
  'rate_limits',
  'acts',
  'venues',
  'users',
] as const satisfies ReadonlyArray<keyof Database>;

/** Empties every table but the schedule version, so snapshots stay small as a test goes on. */
export async function clearTables(db: Db): Promise<void> {
  for (const table of CLEARING_ORDER) await db.kysely.deleteFrom(table).execute();
}
