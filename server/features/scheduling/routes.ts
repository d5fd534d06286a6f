import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnmatchedActsQuerySchema } from '../../../contract/acts.js';
import type { Genre, SlotDef } from '../../../contract/enums.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import {
  ScheduleResponseSchema,
  UnmatchedActsResponseSchema,
  type ScheduleResponse,
} from '../../../contract/schedule.js';
import { UpdateVenueSlotsInputSchema, VenueSchema } from '../../../contract/venues.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { presentVenue } from '../venues/present.js';
import { findVenue } from '../venues/queries.js';
import { chooseEncoding, matchesIfNoneMatch } from '../../lib/conditional.js';
import { findUnmatchedActs, findVenueForSchedule } from './queries.js';
import { bodyFor, etagFor, ScheduleCache } from './schedule-cache.js';
import { saveVenueSlots } from './update-slots.js';

/**
 * Issue 4: PATCH /v1/venues/{id} (the slots screen), GET /v1/acts/unmatched and GET /v1/schedule.
 * Registered under /v1 without a prefix of its own, beside the venues and acts routes:
 * PATCH /venues/:id/no_slots stays theirs, and the static /acts/unmatched wins over /acts/:id.
 */
export function schedulingRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const { requireUser } = authHooks(deps);
  const cache = new ScheduleCache(db);

  return async (app) => {
    app.patch(
      '/venues/:id',
      {
        preValidation: requireUser,
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
        return presentVenue(venue, user);
      },
    );

    app.get(
      '/acts/unmatched',
      {
        schema: {
          tags: ['scheduling'],
          querystring: UnmatchedActsQuerySchema,
          response: { 200: UnmatchedActsResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { venue_id, slot_def } = request.query;
        if (!(await findVenueForSchedule(db.kysely, venue_id))) throw notFound('Venue not found');
        const acts = await findUnmatchedActs(db.kysely, venue_id, slot_def);
        const data = acts.map((a) => ({
          ...a,
          type: a.type as Genre,
          preferred_slots: a.preferred_slots as SlotDef[],
        }));
        return { data, total: data.length };
      },
    );

    app.get(
      '/schedule',
      {
        // The app-wide compression plugin would compress on every request what this route
        // already holds compressed (and, before brotli is ready, at a lower quality).
        compress: false,
        schema: {
          tags: ['scheduling'],
          response: { 200: ScheduleResponseSchema },
        },
      },
      async (request, reply) => {
        const schedule = await cache.get();
        const encoding = chooseEncoding(request.headers['accept-encoding'], schedule.br !== null);
        reply
          .header('etag', etagFor(schedule, encoding))
          .header('vary', 'Accept-Encoding')
          // Always revalidate: a host who just saved must see the change; a revalidation costs a 304.
          .header('cache-control', 'public, no-cache');
        // No payload at all: a serialized `null` would go out as `content-length: 4`, which keeps some
        // clients waiting for four bytes a 304 never has.
        // (The plain FastifyReply type: the route's schema types only the 200.)
        if (matchesIfNoneMatch(request.headers['if-none-match'], schedule.hash))
          return (reply as FastifyReply).code(304).send();
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        // The cached bytes go out as they are: Fastify does not serialize a Buffer. The schema above
        // describes them for OpenAPI; the cast tells the type provider the bytes are that JSON.
        const body = bodyFor(schedule, encoding) as unknown as ScheduleResponse;
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
  };
}
