import type { Kysely, Transaction } from 'kysely';
import type { Creator } from '../../../contract/users.js';
import type { Database, UserRow } from '../../db/schema.js';
import { roleNames } from '../auth/policy.js';

type Q = Kysely<Database> | Transaction<Database>;
export type CreatorRow = Pick<UserRow, 'id' | 'name' | 'email' | 'is_admin' | 'is_host' | 'is_performer'>;
/** Who is asking: null for an anonymous visitor. */
export type Viewer = Pick<UserRow, 'id' | 'is_admin'> | null;

/** The creators of a page of venues or acts, in one query, by id. */
export async function loadCreators(q: Q, ids: number[]): Promise<Map<number, CreatorRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await q
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_admin', 'is_host', 'is_performer'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * docs/behaviour.md#roles-and-permissions: everyone sees the creator's name; only admins see the
 * e-mail and roles.
 */
export function presentCreator(creator: CreatorRow | undefined, viewer: Viewer): Creator {
  if (!creator) return { name: '' };
  if (!viewer?.is_admin) return { name: creator.name };
  return { name: creator.name, email: creator.email, roles: roleNames(creator) };
}
