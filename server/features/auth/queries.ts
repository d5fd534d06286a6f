import type { Db } from '../../db/connection.js';
import type { NewUser, UserRow, Queryable } from '../../db/schema.js';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` must already be normalised (trimmed, lower-cased) by the contract schema. */
export function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return q.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  return q.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Revokes every token issued before now for this user. */
export async function bumpTokenVersion(q: Queryable, userId: number, now: Date): Promise<void> {
  await q
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(q: Queryable, userId: number, passwordHash: string, now: Date): Promise<void> {
  await q
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', userId)
    .execute();
}

export async function setAdmin(q: Queryable, email: string, isAdmin: boolean, now: Date): Promise<boolean> {
  const result = await q
    .updateTable('users')
    .set({ is_admin: isAdmin, updated_at: now })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
