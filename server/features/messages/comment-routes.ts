import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CommentInputSchema,
  CommentListQuerySchema,
  CommentListResponseSchema,
  CommentSchema,
  MessageServerMessages,
} from '../../../contract/messages.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { hit, rateKey } from '../../lib/rate-limit.js';
import { sanitizeMessage } from './sanitize-message.js';
import { enqueueMail } from '../../mail/outbox.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { mediaKeys } from '../media/keys.js';
import { storeMedia } from '../media/queries.js';
import { canSeeHidden } from '../auth/policy.js';
import { canReadMessages } from './policy.js';
import { presentComment } from './present.js';
import { countComments, findTarget, insertComment, listComments, type EntityType } from './queries.js';
import { ownerMessageMail } from './templates.js';

const noSuch = (type: EntityType) => notFound(type === 'venue' ? 'No such venue' : 'No such act');

/** The entity was deleted between our read and our write. */
const isForeignKeyViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

/**
 * POST and GET /v1/comments: messages to the owner of a venue or an act
 * (docs/behaviour.md#contact-an-owner, docs/behaviour.md#the-api).
 */
export function commentRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const { requireUser } = authHooks(deps);
  // A message's pictures are not public: its readers get addresses with their keys.
  const { sign } = mediaKeys(deps.jwtKey);

  return async (app) => {
    app.post(
      '',
      {
        // preValidation: a visitor who is not logged in hears that first, whatever they sent.
        preValidation: requireUser,
        schema: {
          tags: ['messages'],
          summary: 'Send a message to the owner of a venue or an act; it is e-mailed to them',
          security: [{ bearer: [] }],
          body: CommentInputSchema,
          response: { 201: CommentSchema, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const sender = currentUser(request);
        const { entity_type, entity_id, message } = request.body;
        const wait = await hit(
          db,
          rateKey('comment-user', String(sender.id)),
          deps.rateRules.messagesPerUser,
          clock.now(),
        );
        if (wait > 0) throw tooManyRequests(MessageServerMessages.tooManyMessages, wait);

        const target = await findTarget(db.kysely, entity_type, entity_id);
        // A hidden venue or act is absent for anyone but its owner and admins
        // (docs/behaviour.md#moderation).
        if (!target || (target.hidden && !canSeeHidden(sender, target.owner.id))) throw noSuch(entity_type);
        const clean = await sanitizeMessage(message);

        let row;
        try {
          row = await db.kysely.transaction().execute(async (trx) => {
            const now = clock.now();
            await storeMedia(trx, clean.images, now);
            const stored = await insertComment(trx, { target, sender, message: clean.html, now });
            await enqueueMail(
              trx,
              ownerMessageMail({
                festival: deps.festival,
                publicUrl: deps.publicUrl,
                target,
                sender,
                html: sign(clean.html),
                text: clean.text,
              }),
              now,
            );
            return stored;
          });
        } catch (err) {
          if (isForeignKeyViolation(err)) throw noSuch(entity_type);
          throw err;
        }
        deps.mailQueued();
        return reply.code(201).send(presentComment(row, sign));
      },
    );

    app.get(
      '',
      {
        preValidation: requireUser,
        schema: {
          tags: ['messages'],
          summary: "The messages about a venue or an act: its owner's and admins' only",
          description:
            'Without entity_type, the messages about the venue and the act with that id that the caller may read.',
          security: [{ bearer: [] }],
          querystring: CommentListQuerySchema,
          response: { 200: CommentListResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { entity_id, entity_type, offset, limit, include_total, order_by } = request.query;
        const types: EntityType[] = entity_type ? [entity_type] : ['venue', 'act'];
        const found = (await Promise.all(types.map((type) => findTarget(db.kysely, type, entity_id)))).filter(
          (t) => t !== undefined,
        );
        if (found.length === 0) throw entity_type ? noSuch(entity_type) : notFound('No such venue or act');
        const readable = found.filter((target) => canReadMessages(user, target));
        if (readable.length === 0) throw forbidden(MessageServerMessages.notOwner);

        const direction = order_by === 'updated_time' ? 'asc' : 'desc';
        const [rows, total] = await Promise.all([
          listComments(db.kysely, readable, { offset, limit, direction }),
          include_total ? countComments(db.kysely, readable) : Promise.resolve(undefined),
        ]);
        return { data: rows.map((row) => presentComment(row, sign)), ...(total === undefined ? {} : { total }) };
      },
    );
  };
}
