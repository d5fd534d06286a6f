import type { Selectable } from 'kysely';
import { findOwnedItem } from '../../db/owned-items.js';
import type { CommentsTable, Queryable } from '../../db/schema.js';

export type EntityType = 'venue' | 'act';
export type CommentRow = Selectable<CommentsTable>;

/** The venue or act a message is about, and its owner, as our own records have them. */
export interface MessageTarget {
  type: EntityType;
  id: number;
  /** The venue address or the act name. */
  name: string;
  owner: { id: number; name: string; email: string };
  /** The committee hid it (docs/behaviour.md#moderation). */
  hidden: boolean;
}

export async function findTarget(q: Queryable, type: EntityType, id: number): Promise<MessageTarget | undefined> {
  const row = await findOwnedItem(q, type, id);
  if (!row) return undefined;
  return {
    type,
    id: row.id,
    name: row.label,
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email },
    hidden: row.hidden_at !== null,
  };
}

export interface NewComment {
  target: MessageTarget;
  sender: { id: number; name: string; email: string };
  /** Sanitized HTML. */
  message: string;
  now: Date;
}

export function insertComment(q: Queryable, c: NewComment): Promise<CommentRow> {
  return q
    .insertInto('comments')
    .values({
      venue_id: c.target.type === 'venue' ? c.target.id : null,
      act_id: c.target.type === 'act' ? c.target.id : null,
      entity_name: c.target.name.slice(0, 200),
      sender_id: c.sender.id,
      sender_name: c.sender.name,
      sender_email: c.sender.email,
      message: c.message,
      created_at: c.now,
      updated_at: c.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface CommentPage {
  offset: number;
  limit: number;
  direction: 'asc' | 'desc';
}

/** The messages about the given entities (a venue, an act, or both with one id), one page of them. */
export function listComments(q: Queryable, targets: Array<Pick<MessageTarget, 'type' | 'id'>>, page: CommentPage) {
  return q
    .selectFrom('comments')
    .selectAll()
    .where((eb) => eb.or(targets.map((t) => eb(t.type === 'venue' ? 'venue_id' : 'act_id', '=', t.id))))
    .orderBy('updated_at', page.direction)
    .orderBy('id', page.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countComments(q: Queryable, targets: Array<Pick<MessageTarget, 'type' | 'id'>>): Promise<number> {
  const row = await q
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => eb.or(targets.map((t) => eb(t.type === 'venue' ? 'venue_id' : 'act_id', '=', t.id))))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
