import type { SessionUser } from '../../contract/auth';

export type Role = 'admin' | 'host' | 'performer';

/** Signed-in check (docs/behaviour.md#roles-and-permissions): a stored user with a token. */
export function isSignedIn(user: SessionUser | null): user is SessionUser {
  return user !== null && user.jwt_token.length > 0;
}

/**
 * Role check (docs/behaviour.md#roles-and-permissions): admin passes every role check; host and
 * performer pass for their own role.
 */
export function hasRole(user: SessionUser | null, role: Role): boolean {
  if (!isSignedIn(user)) return false;
  if (user.is_admin) return true;
  if (role === 'host') return user.is_host;
  if (role === 'performer') return user.is_performer;
  return false;
}

/**
 * Ownership check (docs/behaviour.md#roles-and-permissions): admin passes; anyone else only for a
 * resource they created.
 */
export function isOwner(user: SessionUser | null, ownerId: number): boolean {
  if (!isSignedIn(user)) return false;
  return user.is_admin || user.id === ownerId;
}

/** The role names a person sees on their profile, in the spec's order. */
export function roleLabels(user: SessionUser): string[] {
  const labels: string[] = [];
  if (user.is_admin) labels.push('Admin');
  if (user.is_host) labels.push('Host');
  if (user.is_performer) labels.push('Performer');
  return labels;
}
