import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, unauthenticated } from '../../lib/errors.js';
import { hasRole, type Role } from './policy.js';
import { verifySession } from './tokens.js';
import { findUserById } from './queries.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, re-read from the database on every request; null when anonymous. */
    user: UserRow | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the request's user from its bearer token. The user row is read on every request,
 * so a role change, a logout or a password change takes effect at once.
 */
export async function resolveUser(deps: Deps, request: FastifyRequest): Promise<UserRow | null> {
  const token = bearer(request);
  if (!token) return null;
  const claims = await verifySession(deps.jwtKey, token, deps.clock.now());
  if (!claims) return null;
  const user = await findUserById(deps.db, claims.userId);
  if (!user || user.token_version !== claims.tokenVersion) return null;
  return user;
}

export function authHooks(deps: Deps) {
  /** Sets request.user when a valid token is sent; a bad token on a public route is ignored. */
  const optionalUser = async (request: FastifyRequest) => {
    request.user = await resolveUser(deps, request);
  };
  const requireUser = async (request: FastifyRequest) => {
    request.user = await resolveUser(deps, request);
    if (!request.user) throw unauthenticated();
  };
  const requireRole = (role: Role) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (!hasRole(request.user!, role))
      throw forbidden(`Require ${role === 'admin' ? 'Admin' : role === 'host' ? 'Host' : 'Performer'} Role!`);
  };
  /**
   * The options of a committee route: the admin role checked before the body is read (so a
   * performer's {} is a 403, not the form's 400, and an anonymous request a 401 whatever it sends),
   * and the `admin` tag in the OpenAPI document.
   */
  const committeeRoute = <Schema extends object>(schema: Schema) => ({
    preValidation: requireRole('admin'),
    schema: { tags: ['admin'], ...schema },
  });
  return { optionalUser, requireUser, requireRole, committeeRoute };
}

/** The signed-in user of a route guarded by requireUser or requireRole. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
