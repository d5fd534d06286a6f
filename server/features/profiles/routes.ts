import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailSchema } from '../../../contract/auth.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import { UserResourcesSchema, type UserResources } from '../../../contract/profiles.js';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { presentAct } from '../acts/present.js';
import { listActs } from '../acts/queries.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { hasRole } from '../auth/policy.js';
import { findUserByEmail, findUserById } from '../auth/queries.js';
import { presentVenue } from '../venues/present.js';
import { readSetsShown } from '../scheduling/sets-shown.js';
import { listVenues } from '../venues/queries.js';
import type { Viewer } from '../auth/creator.js';

/** Registered under /v1/auth, where docs/behaviour.md#the-api puts the user-resources call. */
export function profileRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const { requireUser } = authHooks(deps);

  const resources = async (user: UserRow, viewer: Viewer): Promise<UserResources> => {
    // Hidden venues and acts show to their owner and admins only (docs/behaviour.md#moderation).
    const include_hidden = viewer !== null && (viewer.is_admin || viewer.id === user.id);
    // Who plays where: after the release, and on the rain date only the sets that can happen, but
    // always to the set's own people and admins (docs/decisions/0054-rain-date-and-release.md).
    const shown = await readSetsShown(db.kysely, deps.festival, deps.clock.now());
    const [{ items: venues }, { items: acts }] = await Promise.all([
      listVenues(db, { creator_id: user.id, include_hidden }, { offset: 0, order_by: '-updated_time' }),
      listActs(db, { creator_id: user.id, include_hidden }, { offset: 0, order_by: '-updated_time' }),
    ]);
    return {
      name: user.name,
      venues: venues.map((v) => presentVenue(v, viewer, shown)),
      acts: acts.map((a) => presentAct(a, viewer, shown)),
    };
  };

  return async (app) => {
    // docs/behaviour.md#the-api: called with no auth header; public, so it never shows an e-mail
    // address.
    app.get(
      '/user/:id/resources',
      {
        schema: {
          tags: ['profiles'],
          params: IdParamsSchema,
          response: { 200: UserResourcesSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const user = await findUserById(db, request.params.id);
        if (!user) throw notFound('User not found');
        return resources(user, null);
      },
    );

    // The profile screen's lookup by e-mail (/profile/{userEmail}). E-mail addresses are
    // private, so only admins may look someone up by one; anyone may look up their own
    // address, which tells them nothing they did not know
    // (docs/decisions/0008-private-emails-and-profile-lookup.md).
    app.get(
      '/user/resources',
      {
        preValidation: requireUser,
        schema: {
          tags: ['profiles'],
          querystring: z.object({ email: EmailSchema }),
          response: { 200: UserResourcesSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        if (!hasRole(viewer, 'admin') && viewer.email.toLowerCase() !== request.query.email.toLowerCase()) {
          throw forbidden('Require Admin Role!');
        }
        const user = await findUserByEmail(db.kysely, request.query.email);
        if (!user) throw notFound('User not found');
        return resources(user, viewer);
      },
    );
  };
}
