import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  MAILING_REPEAT_MINUTES,
  MailingAudienceLabels,
  MailingMessages,
  type CreateMailingInput,
  type Mailing,
  type MailingAudience,
  type MailingFormat,
  type MailingsResponse,
} from '../../../contract/admin.js';
import type { FestivalConfig } from '../../../contract/festival.js';
import { scheduleClock, longDate, zoneAbbreviation, zonedDate, zonedTime } from '../../../contract/festival-time.js';
import type { Db } from '../../db/connection.js';
import { countRows } from '../../db/paging.js';
import { peopleWithScheduledSets } from '../../db/filled-slots.js';
import type { Database, Queryable } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';
import type { MailMessage } from '../../mail/message.js';
import { enqueueMail } from '../../mail/outbox.js';
import { writeAudit, type Actor } from '../../db/audit.js';

/**
 * The people an audience reaches (docs/behaviour.md#mail-to-the-festival): hosts and performers
 * by their role, "scheduled" as the rain switch mails them (the owner of a venue or an act in a
 * scheduled set), "everyone" every account. Each person once, by account.
 */
function audienceQuery(q: Queryable, audience: MailingAudience): SelectQueryBuilder<Database, 'users', object> {
  const users = q.selectFrom('users');
  switch (audience) {
    case 'hosts':
      return users.where('users.is_host', '=', true);
    case 'performers':
      return users.where('users.is_performer', '=', true);
    case 'everyone':
      return users;
    case 'scheduled':
      return peopleWithScheduledSets(q);
  }
}

export async function countRecipients(q: Queryable, audience: MailingAudience): Promise<number> {
  const row = await audienceQuery(q, audience)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The body as sent: plain text as written, or sanitized rich text and its visible text. */
export interface MailingBody {
  format: MailingFormat;
  text: string;
  html: string | null;
}

/**
 * Checks and cleans the body for its format. Rich text goes through the same sanitizer as bios;
 * a picture is refused, since a mail to hundreds of people should not carry or fetch images.
 */
export async function prepareBody(input: Pick<CreateMailingInput, 'format' | 'body'>): Promise<MailingBody> {
  if (input.format === 'text') return { format: 'text', text: input.body.trim(), html: null };
  const clean = await sanitizeRichTextField('body', input.body);
  if (clean.images.length > 0 || /<img\b/i.test(clean.html)) throw badRequest(MailingMessages.noImages, 'body');
  return { format: 'rich', text: clean.text, html: clean.html };
}

/** One person's copy: their own address only, a greeting by name, Reply-To the committee. */
export function festivalMail(
  festival: FestivalConfig,
  m: { to: string; name: string; subject: string; body: MailingBody; audience: MailingAudience },
): MailMessage {
  const why = `You receive this because you have ${
    m.audience === 'everyone'
      ? 'an account'
      : m.audience === 'scheduled'
        ? 'a scheduled set'
        : 'an account as a ' + (m.audience === 'hosts' ? 'host' : 'performer')
  } at ${festival.name}. Reply to this e-mail to write to the committee.`;
  return {
    to: m.to,
    replyTo: { address: festival.committee_email, name: `${festival.name} committee` },
    subject: m.subject,
    text: [`Hello ${m.name},`, '', m.body.text, '', '--', why].join('\n'),
    html:
      m.body.html === null
        ? null
        : [
            `<p>Hello ${escapeHtml(m.name)},</p>`,
            m.body.html,
            `<p style="color:#555;border-top:1px solid #ccc;padding-top:0.5em">${escapeHtml(why)}</p>`,
          ].join('\n'),
  };
}

/**
 * Takes the mailings' write turn for the rest of the transaction, so two posts of one mail (two
 * tabs, a double click, a retry while the first is still queuing) take turns and the second sees
 * the first: on PostgreSQL an advisory lock, on SQLite a write that changes nothing but takes the
 * database's write lock at once, where a read first would only fail at the later write.
 */
async function takeMailingTurn(trx: Transaction<Database>, dialect: Db['dialect']): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(7253002)`.execute(trx);
  else await sql`UPDATE mailings SET id = id WHERE id < 0`.execute(trx);
}

/** The same mail (audience, format, subject, body as stored) queued after `since`, if any. */
function findRepeat(q: Queryable, input: CreateMailingInput, body: MailingBody, since: Date) {
  return q
    .selectFrom('mailings')
    .select(['id', 'subject', 'audience', 'actor_name', 'created_at'])
    .where('audience', '=', input.audience)
    .where('format', '=', body.format)
    .where('subject', '=', input.subject)
    .where('body', '=', body.html ?? body.text)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** The 409 for a repeat, naming the first (its number, when and by whom) and when it may be sent again. */
function repeatRefusal(
  festival: FestivalConfig,
  first: { id: number; subject: string; audience: string; actor_name: string; created_at: Date },
) {
  const zone = festival.timezone;
  const at = (instant: number) => {
    const date = zonedDate(instant, zone);
    return `${scheduleClock(zonedTime(instant, zone))} ${zoneAbbreviation(zone, date)} on ${longDate(date)}`;
  };
  const queued = new Date(first.created_at).getTime();
  const audience = MailingAudienceLabels[first.audience as MailingAudience] ?? first.audience;
  return conflict(
    `This mail was already sent: mail #${first.id} “${first.subject}” to ${audience}, queued by ${first.actor_name} ` +
      `at ${at(queued)}. It was not sent again. To send the same mail once more, wait until ` +
      `${at(queued + MAILING_REPEAT_MINUTES * 60_000)}, or change it.`,
  );
}

/**
 * Queues one mail per recipient, the mailing row and its audit entry in one transaction: the
 * whole mailing is queued or none of it is; the same mail queued in the last MAILING_REPEAT_MINUTES
 * is refused (409) instead, and the unique (mailing_id, to_address) index keeps
 * any address to one copy. The outbox then delivers at the configured rate.
 */
export async function createMailing(
  db: Db,
  festival: FestivalConfig,
  actor: Actor,
  input: CreateMailingInput,
  body: MailingBody,
  now: Date,
): Promise<Mailing> {
  return db.kysely.transaction().execute(async (trx) => {
    await takeMailingTurn(trx, db.dialect);
    const repeat = await findRepeat(trx, input, body, new Date(now.getTime() - MAILING_REPEAT_MINUTES * 60_000));
    if (repeat) throw repeatRefusal(festival, repeat);
    const recipients = await audienceQuery(trx, input.audience)
      .select(['users.id', 'users.name', 'users.email'])
      .orderBy('users.id')
      .execute();
    if (recipients.length === 0) throw badRequest(MailingMessages.noRecipients, 'audience');
    const mailing = await trx
      .insertInto('mailings')
      .values({
        actor_id: actor.id,
        actor_name: actor.name,
        audience: input.audience,
        subject: input.subject,
        format: body.format,
        body: body.html ?? body.text,
        recipients: recipients.length,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const person of recipients) {
      await enqueueMail(
        trx,
        festivalMail(festival, {
          to: person.email,
          name: person.name,
          subject: input.subject,
          body,
          audience: input.audience,
        }),
        now,
        { mailingId: mailing.id },
      );
    }
    await writeAudit(trx, {
      actor,
      action: 'send_mailing',
      target: { type: 'mailing', id: mailing.id, label: input.subject },
      before: null,
      after: { audience: input.audience, subject: input.subject, format: body.format, recipients: recipients.length },
      at: now,
    });
    const [created] = await readMailings(trx, { ids: [mailing.id] });
    return created!;
  });
}

async function readMailings(
  q: Queryable,
  page: { offset: number; limit: number } | { ids: number[] },
): Promise<Mailing[]> {
  let rows = q
    .selectFrom('mailings')
    .select(['id', 'audience', 'subject', 'format', 'actor_name', 'created_at', 'recipients'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  rows = 'ids' in page ? rows.where('id', 'in', page.ids) : rows.offset(page.offset).limit(page.limit);
  const mailings = await rows.execute();
  if (mailings.length === 0) return [];
  const counts = await q
    .selectFrom('outbox')
    .select(['mailing_id', 'status', sql<number>`count(*)`.as('n')])
    .where(
      'mailing_id',
      'in',
      mailings.map((m) => m.id),
    )
    .groupBy(['mailing_id', 'status'])
    .execute();
  const countOf = (id: number, status: string) =>
    Number(counts.find((c) => c.mailing_id === id && c.status === status)?.n ?? 0);
  return mailings.map((m) => ({
    id: m.id,
    audience: m.audience as MailingAudience,
    subject: m.subject,
    format: m.format as MailingFormat,
    actor_name: m.actor_name,
    created_at: new Date(m.created_at).toISOString(),
    recipients: m.recipients,
    queued: countOf(m.id, 'pending'),
    sent: countOf(m.id, 'sent'),
    failed: countOf(m.id, 'failed'),
  }));
}

/** GET /v1/admin/mailings: newest first, each with its progress. */
export async function listMailings(q: Queryable, offset: number, limit: number): Promise<MailingsResponse> {
  return { data: await readMailings(q, { offset, limit }), total: await countRows(q.selectFrom('mailings')) };
}
