import type { SessionUser } from '../../../contract/auth.js';
import type { UserRow } from '../../db/schema.js';

export function presentSessionUser(user: UserRow, jwtToken: string): SessionUser {
  return {
    jwt_token: jwtToken,
    id: user.id,
    name: user.name,
    email: user.email,
    is_admin: user.is_admin,
    is_host: user.is_host,
    is_performer: user.is_performer,
  };
}
