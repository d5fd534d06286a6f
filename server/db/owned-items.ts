import type { Queryable } from './schema.js';

/** An act or a venue, as the committee hides it and people write to its owner about it. */
export interface OwnedItem {
  id: number;
  /** The act's name or the venue's address. */
  label: string;
  hidden_at: Date | null;
  hidden_reason: string | null;
  owner_id: number;
  owner_name: string;
  owner_email: string;
}

const OWNER = ['users.id as owner_id', 'users.name as owner_name', 'users.email as owner_email'] as const;

/**
 * An act or a venue by id, with what names it and its owner. `forUpdate` locks its row until the
 * transaction ends (PostgreSQL; SQLite serializes writes and has no row locks), so two writers
 * take turns.
 */
export function findOwnedItem(
  q: Queryable,
  kind: 'act' | 'venue',
  id: number,
  forUpdate = false,
): Promise<OwnedItem | undefined> {
  return kind === 'act'
    ? q
        .selectFrom('acts')
        .innerJoin('users', 'users.id', 'acts.creator_id')
        .select(['acts.id', 'acts.name as label', 'acts.hidden_at', 'acts.hidden_reason', ...OWNER])
        .where('acts.id', '=', id)
        .$if(forUpdate, (query) => query.forUpdate('acts'))
        .executeTakeFirst()
    : q
        .selectFrom('venues')
        .innerJoin('users', 'users.id', 'venues.creator_id')
        .select(['venues.id', 'venues.address as label', 'venues.hidden_at', 'venues.hidden_reason', ...OWNER])
        .where('venues.id', '=', id)
        .$if(forUpdate, (query) => query.forUpdate('venues'))
        .executeTakeFirst();
}
