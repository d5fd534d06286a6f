import type { Transaction } from 'kysely';
import { ModerationMessages } from '../../../contract/moderation.js';
import type { Db } from '../../db/connection.js';
import { findOwnedItem, type OwnedItem } from '../../db/owned-items.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { moderationMail } from '../../mail/templates.js';
import { lockScheduleVersion } from '../scheduling/queries.js';
import { writeAudit, type Actor } from '../../db/audit.js';

export type ModeratedKind = 'act' | 'venue';

/** What the committee asks: hide with a reason, or unhide. */
export type HiddenChange = { hidden: true; reason: string } | { hidden: false; reason: null };

async function lockModerated(
  trx: Transaction<Database>,
  db: Db,
  kind: ModeratedKind,
  id: number,
): Promise<OwnedItem | undefined> {
  // The schedule's version lock first, as every schedule writer takes it (migration 0004); the
  // update below bumps it through its trigger (migration 0010). Then the row, so two admins
  // moderating one item take turns. SQLite serializes writes and has neither.
  await lockScheduleVersion(trx, db.dialect);
  return findOwnedItem(trx, kind, id, db.dialect === 'postgres');
}

/**
 * docs/behaviour.md#moderation: hides an act or a venue with a reason, or unhides it, in one
 * transaction with its audit entry and one e-mail to the owner through the outbox. The update
 * bumps the catalogue's and the schedule's versions (migrations 0005 and 0010), so every app
 * process serves fresh lists and a fresh schedule on its next request. Asking for the state it
 * is already in (unhiding a visible item, hiding again with the same reason) changes nothing and
 * mails no one; hiding again with another reason records and mails the new reason. Returns how
 * many e-mails were queued (0 or 1).
 */
export async function setHidden(
  db: Db,
  deps: Pick<Deps, 'festival' | 'publicUrl'>,
  actor: Actor,
  kind: ModeratedKind,
  id: number,
  change: HiddenChange,
  now: Date,
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await lockModerated(trx, db, kind, id);
    if (!row) throw notFound(kind === 'act' ? ModerationMessages.actNotFound : ModerationMessages.venueNotFound);
    const wasHidden = row.hidden_at !== null;
    if (change.hidden === wasHidden && (!change.hidden || change.reason === row.hidden_reason)) return 0;

    const values = change.hidden
      ? { hidden_at: row.hidden_at ?? now, hidden_reason: change.reason }
      : { hidden_at: null, hidden_reason: null };
    if (kind === 'act') await trx.updateTable('acts').set(values).where('id', '=', id).execute();
    else await trx.updateTable('venues').set(values).where('id', '=', id).execute();

    await writeAudit(trx, {
      actor,
      action: `${change.hidden ? 'hide' : 'unhide'}_${kind}`,
      target: { type: kind, id, label: row.label },
      before: { hidden: wasHidden, reason: row.hidden_reason },
      after: { hidden: change.hidden, reason: change.reason },
      at: now,
    });
    await enqueueMail(
      trx,
      moderationMail(deps.festival, {
        to: row.owner_email,
        ownerName: row.owner_name,
        kind,
        label: row.label,
        hidden: change.hidden,
        reason: change.reason,
        url: `${deps.publicUrl}/${kind}s/${id}`,
      }),
      now,
    );
    return 1;
  });
}
