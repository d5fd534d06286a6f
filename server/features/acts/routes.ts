import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActInputSchema, ActListQuerySchema, ActListResponseSchema, ActSchema } from '../../../contract/acts.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import { perUserWriteLimit } from '../../lib/rate-limit.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ListCache } from '../../lib/list-cache.js';
import { ALL_SETS, readSetsShown, setsShownKey } from '../scheduling/sets-shown.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { canSee, listView } from '../auth/policy.js';
import { notifyActDeleted } from '../scheduling/notify.js';
import { storeMedia } from '../media/queries.js';
import { canChangeAct } from './policy.js';
import { presentAct } from './present.js';
import { deleteAct, findAct, insertAct, listActs, updateAct } from './queries.js';
import { actValues } from './values.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';

export function actRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const { optionalUser, requireUser, requireRole } = authHooks(deps);
  const writeLimit = perUserWriteLimit(deps, 'catalogue-writes', deps.rateRules.catalogueWritesPerUser);
  const lists = new ListCache(db, ActListResponseSchema);

  /** The act a write is about, when this user may change it: 404 before 403. */
  const changeableAct = async (id: number, user: Parameters<typeof canChangeAct>[0]) => {
    const act = await findAct(db.kysely, id);
    if (!act) throw notFound('Act not found');
    if (!canChangeAct(user, act)) throw forbidden();
    return act;
  };

  return async (app) => {
    app.get(
      '/',
      {
        preValidation: optionalUser,
        // The cache holds each page compressed (server/lib/list-cache.ts).
        compress: false,
        schema: {
          tags: ['acts'],
          querystring: ActListQuerySchema,
          response: { 200: ActListResponseSchema, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const { offset, limit, include_total, order_by, ...filters } = request.query;
        const view = listView(request.user, filters.creator_id, request.query);
        // Who plays where shows only after the release, and on the rain date only for the sets that
        // can happen: the release passing changes the page without a write, so it is in the key
        // (docs/decisions/0054-rain-date-and-release.md).
        const shown = await readSetsShown(db.kysely, deps.festival, clock.now());
        const key = `${view.cacheKey} ${setsShownKey(shown)}`;
        return lists.send(request, reply, key, async () => {
          const { items, total } = await listActs(
            db,
            { ...filters, include_hidden: view.include_hidden, public_sets: view.presentFor ? undefined : shown },
            { offset, limit, order_by },
            include_total,
          );
          return {
            data: items.map((a) => presentAct(a, view.presentFor, shown)),
            ...(total !== undefined ? { total } : {}),
          };
        });
      },
    );

    app.get(
      '/:id',
      {
        preValidation: optionalUser,
        schema: { tags: ['acts'], params: IdParamsSchema, response: { 200: ActSchema, ...ErrorResponses } },
      },
      async (request) => {
        const act = await findAct(db.kysely, request.params.id);
        // A hidden act is absent for anyone but its owner and admins (docs/behaviour.md#moderation).
        if (!act || !canSee(request.user, act)) throw notFound('Act not found');
        return presentAct(act, request.user, await readSetsShown(db.kysely, deps.festival, clock.now()));
      },
    );

    app.post(
      '/',
      {
        preValidation: requireRole('performer'),
        preHandler: writeLimit,
        schema: { tags: ['acts'], body: ActInputSchema, response: { 201: ActSchema, ...ErrorResponses } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { values, images } = actValues(request.body, await sanitizeRichTextField('bio', request.body.bio));
        const now = clock.now();
        const id = await db.kysely.transaction().execute(async (trx) => {
          await storeMedia(trx, images, now);
          return insertAct(trx, { ...values, creator_id: user.id }, request.body.preferred_slots, now);
        });
        const act = await findAct(db.kysely, id);
        return reply.code(201).send(presentAct(act!, user, ALL_SETS));
      },
    );

    app.patch(
      '/:id',
      {
        preValidation: requireUser,
        preHandler: writeLimit,
        schema: {
          tags: ['acts'],
          params: IdParamsSchema,
          body: ActInputSchema,
          response: { 200: ActSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await changeableAct(request.params.id, user);
        const { values, images } = actValues(request.body, await sanitizeRichTextField('bio', request.body.bio));
        const now = clock.now();
        const updated = await db.kysely.transaction().execute(async (trx) => {
          await storeMedia(trx, images, now);
          return updateAct(trx, request.params.id, values, request.body.preferred_slots, now);
        });
        const act = updated ? await findAct(db.kysely, request.params.id) : undefined;
        if (!act) throw notFound('Act not found');
        return presentAct(act, user, ALL_SETS);
      },
    );

    app.delete(
      '/:id',
      {
        preValidation: requireUser,
        preHandler: writeLimit,
        schema: { tags: ['acts'], params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponses } },
      },
      async (request, reply) => {
        await changeableAct(request.params.id, currentUser(request));
        // Each host it was scheduled with is e-mailed, in the delete's transaction (the slots go
        // with it).
        const mails = await db.kysely.transaction().execute(async (trx) => {
          const queued = await notifyActDeleted(trx, deps, request.params.id);
          if (!(await deleteAct(trx, request.params.id))) throw notFound('Act not found');
          return queued;
        });
        if (mails > 0) deps.mailQueued();
        return reply.code(204).send(null);
      },
    );
  };
}
