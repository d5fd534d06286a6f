import type { UserRow } from '../../db/schema.js';
import { isOwnerOrAdmin } from '../auth/policy.js';
import type { MessageTarget } from './queries.js';

/**
 * Messages about a venue or an act are read by its owner and by admins only: they carry the
 * senders' e-mail addresses and were written to the owner alone.
 */
export function canReadMessages(user: Pick<UserRow, 'id' | 'is_admin'>, target: MessageTarget): boolean {
  return isOwnerOrAdmin(user, target.owner.id);
}
