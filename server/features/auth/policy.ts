import type { UserRow } from '../../db/schema.js';

export type Role = 'admin' | 'host' | 'performer';

/**
 * Role check (docs/behaviour.md#roles-and-permissions): admin passes every role check; host and
 * performer pass their own.
 */
export function hasRole(user: Pick<UserRow, 'is_admin' | 'is_host' | 'is_performer'>, role: Role): boolean {
  if (user.is_admin) return true;
  if (role === 'host') return user.is_host;
  if (role === 'performer') return user.is_performer;
  return false;
}

/**
 * Ownership check (docs/behaviour.md#roles-and-permissions): admin passes; otherwise the user's id
 * must equal the owner's.
 */
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

/**
 * docs/behaviour.md#moderation: an act or a venue the committee hid is seen only by its owner and
 * admins; for anyone else it does not exist.
 */
export function canSeeHidden(viewer: Pick<UserRow, 'id' | 'is_admin'> | null, ownerId: number): boolean {
  return viewer !== null && isOwnerOrAdmin(viewer, ownerId);
}

export function canSee(
  viewer: Pick<UserRow, 'id' | 'is_admin'> | null,
  item: { hidden_at: Date | null; creator_id: number },
): boolean {
  return item.hidden_at === null || canSeeHidden(viewer, item.creator_id);
}

/**
 * Which hidden items a list shows this viewer: all for admins, the viewer's own when the list is
 * filtered to them (My Acts, My Venues), none otherwise.
 */
export function hiddenInList(
  viewer: Pick<UserRow, 'id' | 'is_admin'> | null,
  creatorId: number | undefined,
): 'all' | 'own' | 'none' {
  if (viewer?.is_admin) return 'all';
  if (viewer && creatorId === viewer.id) return 'own';
  return 'none';
}

/**
 * How a venue or act list is kept and presented for this viewer: whether hidden items are in it
 * (docs/behaviour.md#moderation), whom it is presented for (a page kept for everyone is presented
 * for no one in particular), and the key its rendered page is kept under: one per query and per
 * kind of viewer (only admins see creators' e-mails and every hidden item; an owner's own list
 * shows theirs).
 */
export function listView<Viewer extends Pick<UserRow, 'id' | 'is_admin'>>(
  viewer: Viewer | null,
  creatorId: number | undefined,
  query: object,
) {
  const hidden = hiddenInList(viewer, creatorId);
  const kind = hidden === 'all' ? 'admin' : hidden === 'own' ? `owner ${viewer?.id}` : 'everyone';
  return {
    include_hidden: hidden !== 'none',
    presentFor: hidden === 'none' ? null : viewer,
    cacheKey: `${kind} ${JSON.stringify(query)}`,
  };
}
