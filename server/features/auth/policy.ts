import type { UserRow } from '../../db/schema.js';

export type Role = 'admin' | 'host' | 'performer';

/** Spec 6 role check: admin passes every role check; host and performer pass their own. */
export function hasRole(user: Pick<UserRow, 'is_admin' | 'is_host' | 'is_performer'>, role: Role): boolean {
  if (user.is_admin) return true;
  if (role === 'host') return user.is_host;
  if (role === 'performer') return user.is_performer;
  return false;
}

/** Spec 6 ownership check: admin passes; otherwise the user's id must equal the owner's. */
export function isOwnerOrAdmin(user: Pick<UserRow, 'id' | 'is_admin'>, ownerId: number): boolean {
  return user.is_admin || user.id === ownerId;
}

export function roleNames(user: Pick<UserRow, 'is_admin' | 'is_host' | 'is_performer'>): Role[] {
  const roles: Role[] = [];
  if (user.is_admin) roles.push('admin');
  if (user.is_host) roles.push('host');
  if (user.is_performer) roles.push('performer');
  return roles;
}
