import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { headerSafe, type MailMessage } from './message.js';

/**
 * Queues a message in the same transaction as the change it reports: if the change rolls
 * back, so does the mail; if it commits, the worker delivers the mail eventually.
 */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  message: MailMessage,
  now: Date,
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      to_address: headerSafe(message.to),
      reply_to: message.replyTo ? headerSafe(message.replyTo) : null,
      subject: headerSafe(message.subject).slice(0, 300),
      text_body: message.text,
      html_body: message.html ?? null,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}
