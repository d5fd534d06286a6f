import type { Creator } from '../../../contract/users';

const ROLE_NAMES = { admin: 'Admin', host: 'Host', performer: 'Performer' } as const;

/**
 * docs/behaviour.md#roles-and-permissions: admins see who created a card (name, e-mail, roles). The
 * server sends e-mail and roles to admins only, so for anyone else there is nothing here to show.
 */
export function CreatorDetails({ creator }: { creator: Creator }) {
  if (creator.email === undefined) return null;
  const roles = (creator.roles ?? []).map((role) => ROLE_NAMES[role]).join(', ') || 'none';
  return (
    <p className="small text-body-secondary mb-2">
      Created by {creator.name} (<a href={`mailto:${creator.email}`}>{creator.email}</a>), roles: {roles}
    </p>
  );
}
