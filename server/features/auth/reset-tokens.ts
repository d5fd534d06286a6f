import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import type { Queryable } from '../../db/schema.js';

export const RESET_TOKEN_MINUTES = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh 256-bit token; only its hash is stored. Any older token of the user is voided. */
export async function issueResetToken(q: Queryable, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await voidResetTokens(q, userId, now);
  await q
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      created_at: now,
    })
    .execute();
  return token;
}

export async function voidResetTokens(q: Queryable, userId: number, now: Date): Promise<void> {
  await q
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The user id the token is valid for (unused, unexpired, issued to this e-mail), or null. */
export async function checkResetToken(db: Db, email: string, token: string, now: Date): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select('users.id')
    .where('password_resets.token_hash', '=', hashToken(token))
    .where('users.email', '=', email)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Marks the token used if it is still valid, in one UPDATE: of any number of concurrent
 * calls with one token, exactly one sees a row changed.
 */
export async function consumeResetToken(q: Queryable, userId: number, token: string, now: Date): Promise<boolean> {
  const result = await q
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
