import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { tooManyRequests } from './errors.js';

/**
 * Fixed-window counters kept in the database, so every app process behind a load balancer
 * shares them. Keys are hashed: they hold e-mail addresses and IPs, which do not belong in
 * a table that operators read.
 */
export interface RateRule {
  /** Hits allowed per window. */
  limit: number;
  windowMinutes: number;
  /** Once the limit is reached, how long further attempts are refused. */
  blockMinutes: number;
}

export interface RateState {
  hits: number;
  blockedUntil: Date | null;
}

export function rateKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** Seconds until the key may be used again, or 0 when it is not blocked. */
export async function blockedFor(db: Db, key: string, now: Date): Promise<number> {
  const row = await db.kysely
    .selectFrom('rate_limits')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.blocked_until) return 0;
  const ms = new Date(row.blocked_until).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * Counts one hit; returns seconds the caller must wait (0 when this hit is allowed). A block
 * that has run out starts a fresh window, so a block lasts blockMinutes, not the rest of the window.
 */
export async function hit(db: Db, key: string, rule: RateRule, now: Date): Promise<number> {
  const waiting = await blockedFor(db, key, now);
  if (waiting > 0) return waiting;
  const windowFloor = new Date(now.getTime() - rule.windowMinutes * 60_000);
  const result = await sql<{ hits: number }>`
    INSERT INTO rate_limits (key, hits, window_start, blocked_until)
    VALUES (${key}, 1, ${now}, NULL)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start <= ${windowFloor} OR rate_limits.blocked_until <= ${now}
        THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowFloor} OR rate_limits.blocked_until <= ${now}
        THEN ${now} ELSE rate_limits.window_start END,
      blocked_until = NULL
    RETURNING hits`.execute(db.kysely);
  const hits = Number(result.rows[0]?.hits ?? 1);
  if (hits < rule.limit) return 0;
  const until = new Date(now.getTime() + rule.blockMinutes * 60_000);
  await db.kysely.updateTable('rate_limits').set({ blocked_until: until }).where('key', '=', key).execute();
  // The hit that reaches the limit is itself allowed; the next one is refused.
  return hits > rule.limit ? rule.blockMinutes * 60 : 0;
}

/** Takes one hit back (an attempt that turned out not to count, such as a right password). */
export async function refund(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function clearRate(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Counts one hit and refuses it with a 429 (Retry-After set) once the rule's limit is passed. */
export async function enforceRate(db: Db, key: string, rule: RateRule, now: Date, message: string): Promise<void> {
  const wait = await hit(db, key, rule, now);
  if (wait > 0) throw tooManyRequests(message, wait);
}

export const WRITES_TOO_FAST = 'You are saving changes too quickly. Please wait a few minutes and try again.';

/**
 * A preHandler (after authentication and validation, before the handler's work) that counts a
 * signed-in user's write against `rule`. Admins are not limited: the committee fixes things in
 * bulk, and its accounts are not open to sign-up.
 */
export function perUserWriteLimit(
  deps: { db: Db; clock: { now(): Date } },
  name: string,
  rule: RateRule,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = request.user;
    if (!user || user.is_admin) return;
    await enforceRate(deps.db, rateKey(name, String(user.id)), rule, deps.clock.now(), WRITES_TOO_FAST);
  };
}
