/** The creator of a venue or an act, as each viewer may see them (docs/behaviour.md#roles-and-permissions). */
import type { Creator } from '../../../contract/users.js';
import type { UserRow, Queryable } from '../../db/schema.js';
import { canSeeHidden, roleNames } from './policy.js';

export type CreatorRow = Pick<UserRow, 'id' | 'name' | 'email' | 'is_admin' | 'is_host' | 'is_performer'>;
/** Who is asking: null for an anonymous visitor. */
export type Viewer = Pick<UserRow, 'id' | 'is_admin'> | null;

/** The creators of a page of venues or acts, in one query, by id. */
export async function loadCreators(q: Queryable, ids: number[]): Promise<Map<number, CreatorRow>> {
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

/**
 * What a venue and an act both carry: who made it and when, and, to its owner and admins only, the
 * committee's hiding of it (docs/behaviour.md#moderation).
 */
export function presentOwnership(
  entry: {
    creator_id: number;
    creator: CreatorRow | undefined;
    created_at: Date;
    updated_at: Date;
    hidden_at: Date | null;
    hidden_reason: string | null;
  },
  viewer: Viewer,
) {
  return {
    creator_id: entry.creator_id,
    creator: presentCreator(entry.creator, viewer),
    created_time: entry.created_at.toISOString(),
    updated_time: entry.updated_at.toISOString(),
    ...(entry.hidden_at !== null && canSeeHidden(viewer, entry.creator_id)
      ? { hidden: { hidden_at: entry.hidden_at.toISOString(), reason: entry.hidden_reason ?? '' } }
      : {}),
  };
}
