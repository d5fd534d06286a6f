import type { UserRow } from '../../db/schema.js';
import { isOwnerOrAdmin } from '../auth/policy.js';

type User = Pick<UserRow, 'id' | 'is_admin'>;

/**
 * docs/behaviour.md#roles-and-permissions: editing and deleting are for the venue's owner, or an
 * admin.
 */
export const canChangeVenue = (user: User, venue: { creator_id: number }) => isOwnerOrAdmin(user, venue.creator_id);
