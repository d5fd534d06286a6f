import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.js';
import type { UserRow } from '../db/schema.js';
import { hashPassword } from '../features/auth/passwords.js';
import { insertUser } from '../features/auth/queries.js';
import { signSession } from '../features/auth/tokens.js';

export const DEFAULT_PASSWORD = 'Porch-Music-1';
let defaultHash: Promise<string> | null = null;
let counter = 0;

export interface BuiltUser {
  user: UserRow;
  token: string;
  password: string;
  /** The Authorization header for this user. */
  auth: { authorization: string };
}

export interface UserTraits {
  name?: string;
  email?: string;
  host?: boolean;
  performer?: boolean;
  admin?: boolean;
  password?: string;
}

/** Inserts a user straight into the database and signs a session for it. */
export async function buildUser(app: FastifyInstance, traits: UserTraits = {}): Promise<BuiltUser> {
  const db: Db = app.deps.db;
  const n = ++counter;
  const password = traits.password ?? DEFAULT_PASSWORD;
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= hashPassword(DEFAULT_PASSWORD))
      : await hashPassword(password);
  const now = app.deps.clock.now();
  const user = await insertUser(db.kysely, {
    name: traits.name ?? `Test User ${n}`,
    email: (traits.email ?? `user${n}-${process.pid}-${Date.now()}@example.test`).toLowerCase(),
    password_hash: passwordHash,
    is_admin: traits.admin ?? false,
    is_host: traits.host ?? false,
    is_performer: traits.performer ?? false,
    created_at: now,
    updated_at: now,
  });
  const token = await signSession(app.deps.jwtKey, { userId: user.id, tokenVersion: user.token_version }, now);
  return { user, token, password, auth: { authorization: `Bearer ${token}` } };
}

export const buildHost = (app: FastifyInstance, traits: UserTraits = {}) => buildUser(app, { host: true, ...traits });
export const buildPerformer = (app: FastifyInstance, traits: UserTraits = {}) =>
  buildUser(app, { performer: true, ...traits });
export const buildAdmin = (app: FastifyInstance, traits: UserTraits = {}) => buildUser(app, { admin: true, ...traits });

/** An admin, and two people on each side of the festival: the cast of the matchmaking and draft tests. */
export const TWO_OF_EACH = {
  host: buildHost,
  otherHost: buildHost,
  performer: buildPerformer,
  otherPerformer: buildPerformer,
  admin: buildAdmin,
};
