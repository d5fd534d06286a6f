import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { issueResetToken } from '../../../server/features/auth/reset-tokens.js';
import { sessionKey, signSession, SESSION_HOURS } from '../../../server/features/auth/tokens.js';
import { buildAct, buildVenue } from '../../../server/test/catalogue-builders.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../../server/test/builders.js';

/**
 * Sign-in, sign-up, reset and message limits at `limit` an hour: out of the way of a file about
 * who may do what, or what a request may hold (the rate limits have tests of their own).
 */
export function roomyRateRules(limit: number) {
  const roomy = { limit, windowMinutes: 60, blockMinutes: 1 };
  return {
    signinFailures: roomy,
    signupPerAddress: roomy,
    forgotPerEmail: roomy,
    forgotPerAddress: roomy,
    messagesPerUser: roomy,
    contactPerAddress: roomy,
  };
}

/** The columns of the authorization matrix, in its order. */
export const ACTORS = [
  'anonymous',
  'performer',
  'host',
  'host+performer',
  'other owner',
  'owner',
  'admin',
  'expired',
  'forged',
  'alg none',
] as const;
export type Actor = (typeof ACTORS)[number];

/** What a row is about: whose venue or act "owner" and "other owner" mean. */
export type Target = 'venue' | 'act';

/**
 * Everything one cell needs, built fresh for it: the people, a venue and an act with their
 * owners, another owner's venue and act, a message to the venue, and a live reset token of the
 * venue's owner. Fresh per cell, so a cell that succeeds (a delete, a logout) changes nothing
 * another cell relies on.
 */
export interface World {
  venueId: number;
  actId: number;
  otherVenueId: number;
  otherActId: number;
  venueOwner: BuiltUser;
  actOwner: BuiltUser;
  resetToken: string;
  /** An announcement on the desk (posted by an admin), for the rows that delete one. */
  announcementId: number;
  /** The Authorization header (or none) of an actor, for a row about `target`. */
  headers(actor: Actor, target: Target): Record<string, string>;
}

/** A session token of `user` signed with a secret the server does not know. */
async function forgedToken(user: BuiltUser, now: Date): Promise<string> {
  const wrongKey = sessionKey('an-attacker-secret-that-is-also-long-enough-0123456789');
  return signSession(wrongKey, { userId: user.user.id, tokenVersion: user.user.token_version }, now);
}

/** An unsecured JWT (`alg: none`) carrying `user`'s claims. */
function unsignedToken(user: BuiltUser, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(user.user.id), tv: user.user.token_version, iat, exp: iat + 3600 })}.`;
}

/** A correctly signed token of `user` whose 12 hours ran out a minute ago. */
function expiredToken(app: FastifyInstance, user: BuiltUser, now: Date): Promise<string> {
  const issued = new Date(now.getTime() - (SESSION_HOURS * 60 + 1) * 60_000);
  return new SignJWT({ tv: user.user.token_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.user.id))
    .setIssuedAt(Math.floor(issued.getTime() / 1000))
    .setExpirationTime(Math.floor(issued.getTime() / 1000) + SESSION_HOURS * 3600)
    .sign(app.deps.jwtKey);
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const now = app.deps.clock.now();
  const [performer, host, both, admin, venueOwner, actOwner, otherHost, otherPerformer] = await Promise.all([
    buildPerformer(app),
    buildHost(app),
    buildUser(app, { host: true, performer: true }),
    buildAdmin(app),
    buildHost(app),
    buildPerformer(app),
    buildHost(app),
    buildPerformer(app),
  ]);
  const venueId = await buildVenue(app, venueOwner, { slots: ['Slot 1', 'Slot 2'] });
  const actId = await buildAct(app, actOwner, { preferred_slots: ['Slot 1'] });
  const otherVenueId = await buildVenue(app, otherHost);
  const otherActId = await buildAct(app, otherPerformer);
  const resetToken = await issueResetToken(app.deps.db.kysely, venueOwner.user.id, now);
  const posted = await app.inject({
    method: 'POST',
    url: '/v1/admin/announcements',
    headers: admin.auth,
    payload: {
      text: 'Matrix announcement',
      level: 'info',
      starts_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 86_400_000).toISOString(),
    },
  });
  const announcementId = posted.json<{ id: number }>().id;

  const ownerOf = (target: Target) => (target === 'venue' ? venueOwner : actOwner);
  const otherOwnerOf = (target: Target) => (target === 'venue' ? otherHost : otherPerformer);
  const tokens = {
    expired: { venue: await expiredToken(app, venueOwner, now), act: await expiredToken(app, actOwner, now) },
    forged: { venue: await forgedToken(venueOwner, now), act: await forgedToken(actOwner, now) },
    unsigned: { venue: unsignedToken(venueOwner, now), act: unsignedToken(actOwner, now) },
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    venueId,
    actId,
    otherVenueId,
    otherActId,
    venueOwner,
    actOwner,
    resetToken,
    announcementId,
    headers(actor, target) {
      switch (actor) {
        case 'anonymous':
          return {};
        case 'performer':
          return performer.auth;
        case 'host':
          return host.auth;
        case 'host+performer':
          return both.auth;
        case 'other owner':
          return otherOwnerOf(target).auth;
        case 'owner':
          return ownerOf(target).auth;
        case 'admin':
          return admin.auth;
        case 'expired':
          return bearer(tokens.expired[target]);
        case 'forged':
          return bearer(tokens.forged[target]);
        case 'alg none':
          return bearer(tokens.unsigned[target]);
      }
    },
  };
}
