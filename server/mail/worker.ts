import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import type { OutboxRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { MailTransport } from './transport.js';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** How often to look for due mail when nothing nudges the worker. */
  pollMs?: number;
  batchSize?: number;
  /** A claimed message is another worker's to retry only after this lease runs out. */
  leaseMs?: number;
  maxAttempts?: number;
  /**
   * At most this many mails an hour, across every process on the database (MAIL_RATE_PER_HOUR,
   * docs/decisions/0031-festival-mail.md); undefined sends as fast as the SMTP server takes them.
   */
  ratePerHour?: number;
  /**
   * Run at the start of every run, before mail is claimed: turns what has come due into outbox
   * rows (the coalesced scheduling notices, docs/decisions/0038-coalesced-notices.md), so they go
   * out in the same run.
   */
  beforeRun?: () => Promise<unknown>;
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The pause after the n-th run in a row that found the database unavailable (locked, stalled,
 * unreachable): the poll interval doubled each time, at most 30 s
 * (docs/decisions/0032-locked-database.md).
 */
export function unavailableDelayMs(pollMs: number, failures: number): number {
  return Math.min(pollMs * 2 ** Math.max(0, failures), 30_000);
}

/**
 * Delivers the outbox. Any number of workers, in any number of processes, may run against
 * one database: each claims a batch by setting a lease in one UPDATE whose WHERE re-checks
 * the lease, so a message is claimed by one worker at a time; it is marked sent right after
 * the SMTP server accepts it.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Under a rate: how long until this process may take the next turn. */
  private waitMs: number | null = null;
  /** Runs in a row that found the database unavailable. */
  private unavailableRuns = 0;

  constructor(private readonly options: OutboxWorkerOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a run soon, e.g. right after a request queued mail. */
  nudge(): void {
    // While the database is unavailable the back-off decides when to look again.
    if (this.stopped || this.unavailableRuns > 0) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Delivers what is due now; returns how many were sent. */
  async runOnce(): Promise<number> {
    await this.options.beforeRun?.();
    if (this.options.ratePerHour) return this.runPaced(this.options.ratePerHour);
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const message of batch) {
        if (await this.deliver(message)) sent++;
      }
    }
  }

  /**
   * Under a rate, one mail per turn: a turn is taken (from the row every process shares) only
   * when mail is due, then one message is claimed and sent. A turn lost to another process's
   * claim only slows the rate, never raises it.
   */
  private async runPaced(ratePerHour: number): Promise<number> {
    const { db, clock } = this.options;
    const intervalMs = Math.ceil(3_600_000 / ratePerHour);
    let sent = 0;
    this.waitMs = null;
    for (;;) {
      const now = clock.now();
      const due = await db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .limit(1)
        .executeTakeFirst();
      if (!due) return sent;
      // One conditional UPDATE: of two processes asking at once, one gets the turn.
      const turn = await db.kysely
        .updateTable('mail_throttle')
        .set({ next_send_at: new Date(now.getTime() + intervalMs) })
        .where('id', '=', 1)
        .where((eb) => eb.or([eb('next_send_at', 'is', null), eb('next_send_at', '<=', now)]))
        .executeTakeFirst();
      if (Number(turn.numUpdatedRows) === 0) {
        const row = await db.kysely
          .selectFrom('mail_throttle')
          .select('next_send_at')
          .where('id', '=', 1)
          .executeTakeFirst();
        const next = row?.next_send_at ? new Date(row.next_send_at).getTime() : now.getTime();
        this.waitMs = Math.max(10, next - now.getTime());
        return sent;
      }
      const batch = await this.claim(1);
      for (const message of batch) {
        if (await this.deliver(message)) sent++;
      }
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    const pollMs = this.options.pollMs ?? 2_000;
    this.running = this.runOnce()
      .then(() => {
        if (this.unavailableRuns > 0) this.options.logger.info('outbox: the database is available again');
        this.unavailableRuns = 0;
      })
      .catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) {
          this.options.logger.error({ err }, 'outbox run failed');
          return;
        }
        // A locked or stalled database: wait longer each time rather than knock every poll.
        this.unavailableRuns++;
        const code = (err as { code?: unknown }).code;
        const delay = unavailableDelayMs(pollMs, this.unavailableRuns);
        this.options.logger.warn({ code, retryInMs: delay }, 'outbox: database unavailable, backing off');
      });
    await this.running;
    this.running = null;
    const again = this.again;
    this.again = false;
    const wait = this.waitMs;
    this.waitMs = null;
    if (this.unavailableRuns > 0) this.schedule(unavailableDelayMs(pollMs, this.unavailableRuns));
    else this.schedule(wait !== null ? Math.min(wait, pollMs) : again ? 0 : pollMs);
  }

  private async claim(limit = this.options.batchSize ?? 20) {
    const { db, clock } = this.options;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 60_000));
    // Read first, write only when something is due: an idle poll takes no write lock, so it
    // neither waits for another process's lock nor holds up its writes.
    const due = (
      await db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        // One person's reset or scheduling notice goes before the rest of a mail to the festival.
        .orderBy(sql`CASE WHEN mailing_id IS NULL THEN 0 ELSE 1 END`)
        .orderBy('id')
        .limit(limit)
        .execute()
    ).map((row) => row.id);
    if (due.length === 0) return [];
    // The outer WHERE repeats the lease test: PostgreSQL re-checks it against a row another
    // worker updated meanwhile, so that row is skipped rather than claimed twice.
    const claimed = await db.kysely
      .updateTable('outbox')
      .set({ locked_until: leaseUntil })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['id', 'to_address', 'reply_to', 'reply_to_name', 'subject', 'text_body', 'html_body', 'attempts'])
      .execute();
    return claimed;
  }

  private async deliver(
    message: Pick<
      OutboxRow,
      'id' | 'to_address' | 'reply_to' | 'reply_to_name' | 'subject' | 'text_body' | 'html_body' | 'attempts'
    >,
  ): Promise<boolean> {
    const { db, clock, transport, logger } = this.options;
    try {
      await transport.send({
        to: message.to_address,
        replyTo: message.reply_to ? { name: message.reply_to_name, address: message.reply_to } : null,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
      });
      await db.kysely
        .updateTable('outbox')
        .set({
          status: 'sent',
          sent_at: clock.now(),
          locked_until: null,
          last_error: null,
          attempts: message.attempts + 1,
        })
        .where('id', '=', message.id)
        .execute();
      return true;
    } catch (err) {
      const attempts = message.attempts + 1;
      const failed = attempts >= (this.options.maxAttempts ?? 25);
      const reason = err instanceof Error ? err.message : String(err);
      logger.warn({ outboxId: message.id, attempts, reason }, 'mail delivery failed');
      await db.kysely
        .updateTable('outbox')
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          last_error: reason.slice(0, 1000),
          locked_until: null,
          next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        })
        .where('id', '=', message.id)
        .execute();
      return false;
    }
  }
}
