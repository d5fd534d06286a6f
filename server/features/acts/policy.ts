import type { UserRow } from '../../db/schema.js';
import { isOwnerOrAdmin } from '../auth/policy.js';

type User = Pick<UserRow, 'id' | 'is_admin'>;

/**
 * docs/behaviour.md#roles-and-permissions: editing and deleting are for the act's owner, or an
 * admin.
 */
export const canChangeAct = (user: User, act: { creator_id: number }) => isOwnerOrAdmin(user, act.creator_id);
