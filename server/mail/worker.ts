import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
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
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
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

  constructor(private readonly options: OutboxWorkerOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a run soon, e.g. right after a request queued mail. */
  nudge(): void {
    if (this.stopped) return;
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
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
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
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((err: unknown) => this.options.logger.error({ err }, 'outbox run failed'));
    await this.running;
    this.running = null;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : (this.options.pollMs ?? 2_000));
  }

  private async claim() {
    const { db, clock } = this.options;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 60_000));
    const due = db.kysely
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('id')
      .limit(this.options.batchSize ?? 20);
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

  private async deliver(message: {
    id: number;
    to_address: string;
    reply_to: string | null;
    reply_to_name: string | null;
    subject: string;
    text_body: string;
    html_body: string | null;
    attempts: number;
  }): Promise<boolean> {
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
