import type { Comment } from '../../../contract/messages.js';
import type { CommentRow } from './queries.js';

/**
 * `signMedia` keys the message's pictures (server/features/media/keys.ts): they are served only
 * to whoever holds the message (docs/decisions/0051).
 */
export function presentComment(row: CommentRow, signMedia: (html: string) => string): Comment {
  return {
    id: row.id,
    message: signMedia(row.message),
    entity_id: (row.venue_id ?? row.act_id)!,
    entity_type: row.venue_id !== null ? 'venue' : 'act',
    entity_name: row.entity_name,
    sender_name: row.sender_name,
    sender_email: row.sender_email,
    updated_time: row.updated_at.toISOString(),
  };
}
