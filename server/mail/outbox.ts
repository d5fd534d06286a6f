import type { Queryable } from '../db/schema.js';
import { headerSafe, isSingleAddress, type MailMessage } from './message.js';

/**
 * Queues a message in the same transaction as the change it reports: if the change rolls
 * back, so does the mail; if it commits, the worker delivers the mail eventually.
 */
export async function enqueueMail(
  db: Queryable,
  message: MailMessage,
  now: Date,
  /** A copy of a mail to the festival (server/features/admin/mailings.ts). */
  options: {
    mailingId?: number;
    /** A coalesced scheduling notice, counted for the cap per recipient (server/features/scheduling/notices.ts). */
    scheduleNotice?: boolean;
  } = {},
): Promise<void> {
  // Callers pass addresses the contract already validated; anything else is a bug, not mail.
  if (!isSingleAddress(message.to)) throw new Error('enqueueMail: `to` must be a single e-mail address');
  if (message.replyTo && !isSingleAddress(message.replyTo.address)) {
    throw new Error('enqueueMail: `replyTo.address` must be a single e-mail address');
  }
  await db
    .insertInto('outbox')
    .values({
      to_address: message.to,
      reply_to: message.replyTo?.address ?? null,
      reply_to_name: message.replyTo?.name ? headerSafe(message.replyTo.name).slice(0, 200) : null,
      subject: headerSafe(message.subject).slice(0, 300),
      text_body: message.text,
      html_body: message.html ?? null,
      next_attempt_at: now,
      created_at: now,
      mailing_id: options.mailingId ?? null,
      schedule_notice: options.scheduleNotice ?? false,
    })
    .execute();
}
