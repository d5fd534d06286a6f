import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplyDraftInputSchema,
  ApplyDraftResultSchema,
  CreateDraftInputSchema,
  DraftCreatedSchema,
  DraftSchema,
} from '../../../contract/drafts.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import type { Deps } from '../../deps.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import type { DraftService } from './service.js';

/**
 * The committee's draft schedule under /v1/admin/schedule-drafts (docs/decisions/0050-draft-schedule.md):
 * admins only, the role checked before the body is read.
 */
export function draftRoutes(deps: Deps, drafts: DraftService): FastifyPluginAsyncZod {
  const { committeeRoute } = authHooks(deps);

  return async (app) => {
    app.post(
      '/',
      committeeRoute({ body: CreateDraftInputSchema, response: { 202: DraftCreatedSchema, ...ErrorResponses } }),
      async (request, reply) => {
        const created = await drafts.create(request.body);
        return reply.code(202).send(created);
      },
    );

    app.get(
      '/:id',
      committeeRoute({ params: IdParamsSchema, response: { 200: DraftSchema, ...ErrorResponses } }),
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return drafts.get(request.params.id);
      },
    );

    app.post(
      '/:id/apply',
      committeeRoute({
        params: IdParamsSchema,
        body: ApplyDraftInputSchema,
        response: { 200: ApplyDraftResultSchema, ...ErrorResponses },
      }),
      async (request) => drafts.apply(request.params.id, request.body ?? {}, currentUser(request)),
    );
  };
}
