import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActInputSchema,
  ActListQuerySchema,
  ActListResponseSchema,
  ActSchema,
  type ActInput,
} from '../../../contract/acts.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import type { Deps } from '../../deps.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { catalogueRoutes } from '../catalogue/routes.js';
import { notifyActDeleted } from '../scheduling/notify.js';
import { canChangeAct } from './policy.js';
import { presentAct } from './present.js';
import { deleteAct, findAct, insertAct, listActs, updateAct } from './queries.js';
import { actValues } from './values.js';

export function actRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { requireUser, requireRole } = authHooks(deps);
  const acts = catalogueRoutes(deps, {
    tag: 'acts',
    missing: 'Act not found',
    schemas: { query: ActListQuerySchema, list: ActListResponseSchema, item: ActSchema },
    list: listActs,
    find: findAct,
    present: presentAct,
    canChange: canChangeAct,
    // Each host it was scheduled with is e-mailed.
    notifyDeleted: notifyActDeleted,
    remove: deleteAct,
  });

  /** The form's stored values, its bio sanitized in the worker pool. */
  const checkedValues = async (body: ActInput) => actValues(body, await sanitizeRichTextField('bio', body.bio));

  return async (app) => {
    acts.register(app);

    app.post(
      '/',
      acts.writeOptions(requireRole('performer'), {
        body: ActInputSchema,
        response: { 201: ActSchema, ...ErrorResponses },
      }),
      async (request, reply) => {
        const user = currentUser(request);
        const { values, images } = await checkedValues(request.body);
        const act = await acts.created(user, images, (trx, now) =>
          insertAct(trx, { ...values, creator_id: user.id }, request.body.preferred_slots, now),
        );
        return reply.code(201).send(act);
      },
    );

    app.patch(
      '/:id',
      acts.writeOptions(requireUser, {
        params: IdParamsSchema,
        body: ActInputSchema,
        response: { 200: ActSchema, ...ErrorResponses },
      }),
      async (request) => {
        const user = currentUser(request);
        await acts.changeable(request.params.id, user);
        const { values, images } = await checkedValues(request.body);
        return acts.edited(request.params.id, user, images, (trx, now) =>
          updateAct(trx, request.params.id, values, request.body.preferred_slots, now),
        );
      },
    );
  };
}
