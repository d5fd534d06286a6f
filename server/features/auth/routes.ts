import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthServerMessages,
  ForgotPassInputSchema,
  MessageResponseSchema,
  SessionUserSchema,
  SigninInputSchema,
  SignupInputSchema,
  UpdatePassInputSchema,
  ValidatePassTokenInputSchema,
} from '../../../contract/auth.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isCommonPassword } from './common-passwords.js';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/errors.js';
import { enforceRate, hit, rateKey, refund, type RateRule } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import { passwordResetMail } from '../../mail/templates.js';
import { authHooks, currentUser } from './authenticate.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { presentSessionUser } from './present.js';
import { bumpTokenVersion, findUserByEmail, insertUser, setPassword } from './queries.js';
import {
  checkResetToken,
  consumeResetToken,
  issueResetToken,
  RESET_TOKEN_MINUTES,
  voidResetTokens,
} from './reset-tokens.js';
import { signSession } from './tokens.js';
import { ErrorResponses } from '../../lib/openapi.js';

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const { requireUser } = authHooks(deps);

  const limited = (key: string, rule: RateRule, message: string) => enforceRate(db, key, rule, clock.now(), message);

  return async (app) => {
    app.post(
      '/signup',
      {
        schema: {
          tags: ['auth'],
          body: SignupInputSchema,
          response: { 201: SessionUserSchema, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await limited(
          rateKey('signup', request.ip),
          deps.rateRules.signupPerAddress,
          'Too many sign-ups from this address. Please try again later.',
        );
        const { name, email, password, roles } = request.body;
        if (isCommonPassword(password)) throw badRequest(AuthServerMessages.passwordCommon, 'password');
        if (await findUserByEmail(db.kysely, email)) throw conflict(AuthServerMessages.emailTaken, 'email');
        const now = clock.now();
        const passwordHash = await hashPassword(password);
        try {
          const user = await insertUser(db.kysely, {
            name,
            email,
            password_hash: passwordHash,
            is_host: roles.includes('host'),
            is_performer: roles.includes('performer'),
            created_at: now,
            updated_at: now,
          });
          const token = await signSession(deps.jwtKey, { userId: user.id, tokenVersion: user.token_version }, now);
          return reply.code(201).send(presentSessionUser(user, token));
        } catch (err) {
          // Two sign-ups racing for one address: the unique index decides.
          if (isUniqueViolation(err)) throw conflict(AuthServerMessages.emailTaken, 'email');
          throw err;
        }
      },
    );

    app.post(
      '/signin',
      { schema: { tags: ['auth'], body: SigninInputSchema, response: { 200: SessionUserSchema, ...ErrorResponses } } },
      async (request) => {
        const { email, password } = request.body;
        // Each attempt is counted before its password is verified, atomically in the database:
        // N guesses sent at once (to one process or several) verify at most the limit. Per
        // e-mail and address, and per address across e-mails.
        const keys = [rateKey('signin', email, request.ip), rateKey('signin-address', request.ip)];
        const rules = [deps.rateRules.signinFailures, deps.rateRules.signinFailuresPerAddress];
        for (const [i, key] of keys.entries()) {
          const waiting = await hit(db, key, rules[i]!, clock.now());
          if (waiting > 0) throw tooManyRequests(AuthServerMessages.tooManyAttempts, waiting);
        }

        const user = await findUserByEmail(db.kysely, email);
        const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
        if (!user || !ok) throw new HttpError(401, 'unauthenticated', AuthServerMessages.badCredentials);
        // A success takes back its own attempt and clears nothing: guesses still in flight keep
        // their count, so a right guess among many does not reopen the door for the rest.
        for (const key of keys) await refund(db, key);
        const token = await signSession(
          deps.jwtKey,
          { userId: user.id, tokenVersion: user.token_version },
          clock.now(),
        );
        return presentSessionUser(user, token);
      },
    );

    app.post(
      '/logout',
      {
        preValidation: requireUser,
        schema: { tags: ['auth'], response: { 200: MessageResponseSchema, ...ErrorResponses } },
      },
      async (request) => {
        await bumpTokenVersion(db.kysely, currentUser(request).id, clock.now());
        return { message: AuthServerMessages.loggedOut };
      },
    );

    app.post(
      '/forgotpass',
      {
        schema: {
          tags: ['auth'],
          body: ForgotPassInputSchema,
          response: { 200: MessageResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { email } = request.body;
        const message = 'Too many password reset requests. Please try again later.';
        await limited(rateKey('forgot-address', request.ip), deps.rateRules.forgotPerAddress, message);
        await limited(rateKey('forgot-email', email), deps.rateRules.forgotPerEmail, message);
        const user = await findUserByEmail(db.kysely, email);
        if (user) {
          await db.kysely.transaction().execute(async (trx) => {
            const now = clock.now();
            const token = await issueResetToken(trx, user.id, now);
            const link = `${deps.publicUrl}/resetpass?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
            await enqueueMail(trx, passwordResetMail(deps.festival, user.email, link, RESET_TOKEN_MINUTES), now);
          });
          deps.mailQueued();
        }
        // The same answer whether or not the account exists.
        return { message: AuthServerMessages.forgotSent };
      },
    );

    app.post(
      '/validatepasstoken',
      {
        schema: {
          tags: ['auth'],
          body: ValidatePassTokenInputSchema,
          response: { 200: MessageResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { email, token } = request.body;
        const userId = await checkResetToken(db, email, token, clock.now());
        if (userId === null) throw badRequest(AuthServerMessages.tokenInvalid, 'token');
        return { message: 'The reset link is valid.' };
      },
    );

    app.post(
      '/updatepass',
      {
        schema: {
          tags: ['auth'],
          body: UpdatePassInputSchema,
          response: { 200: MessageResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { email, password, token } = request.body;
        const userId = await checkResetToken(db, email, token, clock.now());
        if (userId === null) throw badRequest(AuthServerMessages.tokenInvalid, 'token');
        if (isCommonPassword(password)) throw badRequest(AuthServerMessages.passwordCommon, 'password');
        const passwordHash = await hashPassword(password);
        const changed = await db.kysely.transaction().execute(async (trx) => {
          const now = clock.now();
          if (!(await consumeResetToken(trx, userId, token, now))) return false;
          await setPassword(trx, userId, passwordHash, now);
          await voidResetTokens(trx, userId, now);
          return true;
        });
        if (!changed) throw badRequest(AuthServerMessages.tokenInvalid, 'token');
        return { message: AuthServerMessages.passwordUpdated };
      },
    );
  };
}
