import type { AuditAction } from '../../contract/admin.js';
import type { Queryable, UserRow } from './schema.js';

/** Who did an admin action, as the audit log names them. */
export type Actor = Pick<UserRow, 'id' | 'name' | 'email'>;

export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  target: { type: string; id: number | null; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

/**
 * Writes one audit entry; called inside the action's own transaction, so both land or neither. The
 * committee's desk, the announcements and the applied drafts all write it; the desk reads it back
 * (server/features/admin/queries.ts, listAudit).
 */
export async function writeAudit(q: Queryable, record: AuditRecord): Promise<void> {
  await q
    .insertInto('audit_log')
    .values({
      actor_id: record.actor.id,
      actor_name: record.actor.name,
      actor_email: record.actor.email,
      action: record.action,
      target_type: record.target.type,
      target_id: record.target.id,
      target_label: record.target.label.slice(0, 300),
      before_json: record.before === null ? null : JSON.stringify(record.before),
      after_json: record.after === null ? null : JSON.stringify(record.after),
      created_at: record.at,
    })
    .execute();
}
