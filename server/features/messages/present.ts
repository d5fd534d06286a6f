import type { Comment } from '../../../contract/messages.js';
import type { CommentRow } from './queries.js';

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    message: row.message,
    entity_id: (row.venue_id ?? row.act_id)!,
    entity_type: row.venue_id !== null ? 'venue' : 'act',
    entity_name: row.entity_name,
    sender_name: row.sender_name,
    sender_email: row.sender_email,
    updated_time: row.updated_at.toISOString(),
  };
}
