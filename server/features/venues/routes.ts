import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../contract/forms.js';
import {
  CreateVenueInputSchema,
  UpdateVenueInputSchema,
  UpdateVenueSlotsInputSchema,
  type UpdateVenueInput,
  VenueListQuerySchema,
  VenueListResponseSchema,
  VenueSchema,
} from '../../../contract/venues.js';
import type { Deps } from '../../deps.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { perUserWriteLimit } from '../../lib/rate-limit.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { catalogueRoutes } from '../catalogue/routes.js';
import { notifyVenueDeleted } from '../scheduling/notify.js';
import { saveVenueSlots } from '../scheduling/update-slots.js';
import { canChangeVenue } from './policy.js';
import { presentVenue } from './present.js';
import { deleteVenue, findVenue, insertVenue, listVenues, updateVenue } from './queries.js';
import { checkPin, venueValues } from './values.js';

export function venueRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { requireUser, requireRole } = authHooks(deps);
  const slotWriteLimit = perUserWriteLimit(deps, 'slot-writes', deps.rateRules.slotWritesPerUser);
  const venues = catalogueRoutes(deps, {
    tag: 'venues',
    missing: 'Venue not found',
    schemas: { query: VenueListQuerySchema, list: VenueListResponseSchema, item: VenueSchema },
    list: listVenues,
    find: findVenue,
    present: presentVenue,
    canChange: canChangeVenue,
    // Each scheduled act's owner is e-mailed.
    notifyDeleted: notifyVenueDeleted,
    remove: deleteVenue,
  });

  /** The form's stored values, its pin checked first (a 400) and its bio sanitized in the worker pool. */
  const checkedValues = async (
    body: UpdateVenueInput,
    stored?: { latitude: number | null; longitude: number | null },
  ) => {
    checkPin(deps.festival.map, body.latitude, body.longitude);
    return venueValues(deps.festival, body, await sanitizeRichTextField('bio', body.bio), stored);
  };

  return async (app) => {
    venues.register(app);

    app.post(
      '/',
      venues.writeOptions(requireRole('host'), {
        body: CreateVenueInputSchema,
        response: { 201: VenueSchema, ...ErrorResponses },
      }),
      async (request, reply) => {
        const user = currentUser(request);
        const { values, images } = await checkedValues(request.body);
        const venue = await venues.created(user, images, (trx, now) =>
          insertVenue(
            trx,
            { ...values, creator_id: user.id },
            request.body.preferred_act_types,
            request.body.available_slots.map((s) => s.slot_def),
            now,
          ),
        );
        return reply.code(201).send(venue);
      },
    );

    // The edit form: every field but the slots, which the slots screen owns (PATCH /v1/venues/{id}).
    app.patch(
      '/:id/no_slots',
      venues.writeOptions(requireUser, {
        params: IdParamsSchema,
        body: UpdateVenueInputSchema,
        response: { 200: VenueSchema, ...ErrorResponses },
      }),
      async (request) => {
        const user = currentUser(request);
        const stored = await venues.changeable(request.params.id, user);
        const { values, images } = await checkedValues(request.body, stored);
        return venues.edited(request.params.id, user, images, (trx, now) =>
          updateVenue(trx, request.params.id, values, request.body.preferred_act_types, now),
        );
      },
    );

    // The slots screen: the venue's slots as a whole, written by scheduling (who is told, the
    // notices); the other fields are the edit form's (PATCH /v1/venues/{id}/no_slots).
    app.patch(
      '/:id',
      {
        preValidation: requireUser,
        preHandler: slotWriteLimit,
        schema: {
          tags: ['scheduling'],
          params: IdParamsSchema,
          body: UpdateVenueSlotsInputSchema,
          response: { 200: VenueSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const queued = await saveVenueSlots(deps, request.params.id, request.body, user);
        if (queued > 0) deps.mailQueued();
        // Its owner or an admin: every set of the venue shows.
        return venues.presentWritten(request.params.id, user);
      },
    );
  };
}
