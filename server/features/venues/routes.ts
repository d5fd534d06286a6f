import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { perUserWriteLimit } from '../../lib/rate-limit.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ListCache } from '../../lib/list-cache.js';
import { ALL_SETS, readSetsShown, setsShownKey } from '../scheduling/sets-shown.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { canSee, listView } from '../auth/policy.js';
import { notifyVenueDeleted } from '../scheduling/notify.js';
import { saveVenueSlots } from '../scheduling/update-slots.js';
import { storeMedia } from '../media/queries.js';
import { canChangeVenue } from './policy.js';
import { presentVenue } from './present.js';
import { deleteVenue, findVenue, insertVenue, listVenues, updateVenue } from './queries.js';
import { checkPin, venueValues } from './values.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';

export function venueRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const { optionalUser, requireUser, requireRole } = authHooks(deps);
  const writeLimit = perUserWriteLimit(deps, 'catalogue-writes', deps.rateRules.catalogueWritesPerUser);
  const slotWriteLimit = perUserWriteLimit(deps, 'slot-writes', deps.rateRules.slotWritesPerUser);
  const lists = new ListCache(db, VenueListResponseSchema);

  /** The venue a write is about, when this user may change it: 404 before 403. */
  const changeableVenue = async (id: number, user: Parameters<typeof canChangeVenue>[0]) => {
    const venue = await findVenue(db.kysely, id);
    if (!venue) throw notFound('Venue not found');
    if (!canChangeVenue(user, venue)) throw forbidden();
    return venue;
  };

  /** The form's stored values, its pin checked first (a 400) and its bio sanitized in the worker pool. */
  const checkedValues = async (
    body: UpdateVenueInput,
    stored?: { latitude: number | null; longitude: number | null },
  ) => {
    checkPin(deps.festival.map, body.latitude, body.longitude);
    return venueValues(deps.festival, body, await sanitizeRichTextField('bio', body.bio), stored);
  };

  return async (app) => {
    app.get(
      '/',
      {
        preValidation: optionalUser,
        // The cache holds each page compressed (server/lib/list-cache.ts).
        compress: false,
        schema: {
          tags: ['venues'],
          querystring: VenueListQuerySchema,
          response: { 200: VenueListResponseSchema, ...ErrorResponses },
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
          const { items, total } = await listVenues(
            db,
            { ...filters, include_hidden: view.include_hidden, public_sets: view.presentFor ? undefined : shown },
            { offset, limit, order_by },
            include_total,
          );
          return {
            data: items.map((v) => presentVenue(v, view.presentFor, shown)),
            ...(total !== undefined ? { total } : {}),
          };
        });
      },
    );

    app.get(
      '/:id',
      {
        preValidation: optionalUser,
        schema: { tags: ['venues'], params: IdParamsSchema, response: { 200: VenueSchema, ...ErrorResponses } },
      },
      async (request) => {
        const venue = await findVenue(db.kysely, request.params.id);
        // A hidden venue is absent for anyone but its owner and admins (docs/behaviour.md#moderation).
        if (!venue || !canSee(request.user, venue)) throw notFound('Venue not found');
        return presentVenue(venue, request.user, await readSetsShown(db.kysely, deps.festival, clock.now()));
      },
    );

    app.post(
      '/',
      {
        preValidation: requireRole('host'),
        preHandler: writeLimit,
        schema: { tags: ['venues'], body: CreateVenueInputSchema, response: { 201: VenueSchema, ...ErrorResponses } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { values, images } = await checkedValues(request.body);
        const now = clock.now();
        const id = await db.kysely.transaction().execute(async (trx) => {
          await storeMedia(trx, images, now);
          return insertVenue(
            trx,
            { ...values, creator_id: user.id },
            request.body.preferred_act_types,
            request.body.available_slots.map((s) => s.slot_def),
            now,
          );
        });
        const venue = await findVenue(db.kysely, id);
        return reply.code(201).send(presentVenue(venue!, user, ALL_SETS));
      },
    );

    // The edit form: every field but the slots, which the slots screen owns (PATCH /v1/venues/{id}).
    app.patch(
      '/:id/no_slots',
      {
        preValidation: requireUser,
        preHandler: writeLimit,
        schema: {
          tags: ['venues'],
          params: IdParamsSchema,
          body: UpdateVenueInputSchema,
          response: { 200: VenueSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const stored = await changeableVenue(request.params.id, user);
        const { values, images } = await checkedValues(request.body, stored);
        const now = clock.now();
        const updated = await db.kysely.transaction().execute(async (trx) => {
          await storeMedia(trx, images, now);
          return updateVenue(trx, request.params.id, values, request.body.preferred_act_types, now);
        });
        const venue = updated ? await findVenue(db.kysely, request.params.id) : undefined;
        if (!venue) throw notFound('Venue not found');
        return presentVenue(venue, user, ALL_SETS);
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
        const venue = await findVenue(db.kysely, request.params.id);
        if (!venue) throw notFound('Venue not found');
        // Its owner or an admin: every set of the venue shows.
        return presentVenue(venue, user, ALL_SETS);
      },
    );

    app.delete(
      '/:id',
      {
        preValidation: requireUser,
        preHandler: writeLimit,
        schema: { tags: ['venues'], params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponses } },
      },
      async (request, reply) => {
        await changeableVenue(request.params.id, currentUser(request));
        // Each scheduled act's owner is e-mailed, in the delete's transaction (the slots go with
        // it).
        const mails = await db.kysely.transaction().execute(async (trx) => {
          const queued = await notifyVenueDeleted(trx, deps, request.params.id);
          if (!(await deleteVenue(trx, request.params.id))) throw notFound('Venue not found');
          return queued;
        });
        if (mails > 0) deps.mailQueued();
        return reply.code(204).send(null);
      },
    );
  };
}
