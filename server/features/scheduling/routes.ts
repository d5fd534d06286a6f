import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnmatchedActsQuerySchema } from '../../../contract/acts.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import { ScheduleResponseSchema, UnmatchedActsResponseSchema } from '../../../contract/schedule.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, resolveUser } from '../auth/authenticate.js';
import { canSee, canSeeHidden } from '../auth/policy.js';
import { keptAnswer, SHARED_READ, type KeptAnswer } from '../../lib/kept-answers.js';
import { findUnmatchedActs, findVenueForSchedule, readScheduleVersion } from './queries.js';
import { ScheduleCache, type RenderedSchedule } from './schedule-cache.js';
import { ownBookings, ownedIds } from './release.js';
import { calendarFile, loadSets, sendCalendar } from './calendar.js';
import { festivalDay } from '../../../contract/festival-time.js';
import { readSetsShown } from './sets-shown.js';
import { CalendarResponseSchema } from '../../../contract/schedule.js';

/**
 * The released schedule as a kept answer (server/lib/kept-answers.ts), made once per rendered
 * version when its brotli copy is ready: GET /v1/schedule is the busiest read on festival day, and
 * the front lane sends it from there without routing (docs/decisions/0058).
 */
const keptSchedules = new WeakMap<RenderedSchedule, KeptAnswer>();
function keptSchedule(schedule: RenderedSchedule): KeptAnswer {
  const known = keptSchedules.get(schedule);
  if (known) return known;
  // Until its brotli copy is ready (a moment after a rebuild), sent in gzip, made again and not kept.
  const ready = schedule.br !== null;
  const answer = keptAnswer({
    versions: { schedule: schedule.version },
    expiresAt: ready ? Number.POSITIVE_INFINITY : 0,
    hash: schedule.hash,
    weak: false,
    contentType: 'application/json; charset=utf-8',
    // Revalidated by browsers on every use (a host who just saved sees the change); a shared
    // cache may keep it a few seconds (docs/deploying.md).
    cacheControl: SHARED_READ,
    identity: schedule.identity,
    gzip: schedule.gzip,
    br: schedule.br,
  });
  if (ready) keptSchedules.set(schedule, answer);
  return answer;
}

/**
 * The schedule: GET /v1/acts/unmatched and GET /v1/schedule. Registered under /v1 without a prefix
 * of its own, beside the venues and acts routes: the static /acts/unmatched wins over /acts/:id.
 * The slots screen's PATCH /v1/venues/{id} is a venue route (server/features/venues/routes.ts)
 * that writes through saveVenueSlots here: venues call scheduling, never the reverse.
 */
/** The path the kept schedule answers (the front lane looks answers up by the request's URL). */
const SCHEDULE_PATH = '/v1/schedule';

export function schedulingRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const { optionalUser } = authHooks(deps);
  const cache = new ScheduleCache(db, deps.festival);
  return async (app) => {
    app.get(
      '/acts/unmatched',
      {
        // Signing in only changes the answer: the venue's owner and admins see a hidden venue's list
        // and a hidden act already in the slot (docs/behaviour.md#moderation).
        preValidation: optionalUser,
        schema: {
          tags: ['scheduling'],
          querystring: UnmatchedActsQuerySchema,
          response: { 200: UnmatchedActsResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { venue_id, slot_def } = request.query;
        const venue = await findVenueForSchedule(db.kysely, venue_id);
        // A hidden venue is absent for anyone but its owner and admins, as on every public read.
        if (!venue || !canSee(request.user, venue)) throw notFound('Venue not found');
        // Before the release, who is missing from the list tells who plays at that time elsewhere:
        // the list is then the slots editor's alone, the venue's owner's and admins'
        // (docs/decisions/0054-rain-date-and-release.md).
        const shown = await readSetsShown(db.kysely, deps.festival, deps.clock.now());
        if (!shown.released && !canSeeHidden(request.user, venue.creator_id)) throw forbidden();
        const acts = await findUnmatchedActs(
          db.kysely,
          venue_id,
          slot_def,
          canSeeHidden(request.user, venue.creator_id),
        );
        const data = acts.map((a) => ({
          ...a,
          type: a.type,
          preferred_slots: a.preferred_slots,
        }));
        return { data, total: data.length };
      },
    );

    // Every scheduled set as one calendar file, rebuilt when the schedule's version changes.
    let scheduleCalendar: { version: number; day: string; file: ReturnType<typeof calendarFile> } | null = null;
    app.get(
      '/schedule.ics',
      {
        schema: {
          tags: ['scheduling'],
          description: 'Every scheduled set as an iCalendar (RFC 5545) file, text/calendar.',
          response: { 200: CalendarResponseSchema },
        },
      },
      async (request, reply) => {
        const name = `${deps.festival.name} ${deps.festival.year}`;
        const filename = `${deps.festival.slug}.ics`;
        const shown = await readSetsShown(db.kysely, deps.festival, deps.clock.now());
        const { date: day } = festivalDay(deps.festival, shown.rain);
        // Before the release time the public calendar holds no sets, as the public schedule.
        if (!shown.released)
          return sendCalendar(request, reply, calendarFile(deps, name, [], day, deps.clock.now()), filename);
        const version = await readScheduleVersion(db.kysely);
        if (!scheduleCalendar || scheduleCalendar.version !== version || scheduleCalendar.day !== day) {
          // On the rain date, only the sets that can happen that day (the switch bumps the version).
          const rows = await loadSets(db.kysely, shown.rain);
          scheduleCalendar = { version, day, file: calendarFile(deps, name, rows, day, deps.clock.now()) };
        }
        return sendCalendar(request, reply, scheduleCalendar.file, filename);
      },
    );

    app.get(
      '/acts/:id/calendar.ics',
      {
        schema: {
          tags: ['scheduling'],
          description: "An act's scheduled sets as an iCalendar (RFC 5545) file; empty when it is not scheduled.",
          params: IdParamsSchema,
          response: { 200: CalendarResponseSchema, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const act = await db.kysely
          .selectFrom('acts')
          .select(['id', 'name'])
          .where('id', '=', request.params.id)
          // docs/behaviour.md#moderation: a hidden act has no public calendar.
          .where('hidden_at', 'is', null)
          .executeTakeFirst();
        if (!act) throw notFound('Act not found');
        const shown = await readSetsShown(db.kysely, deps.festival, deps.clock.now());
        const rows = shown.released ? await loadSets(db.kysely, shown.rain, act.id) : [];
        const { date: day } = festivalDay(deps.festival, shown.rain);
        const file = calendarFile(
          deps,
          `${act.name}: ${deps.festival.name} ${deps.festival.year}`,
          rows,
          day,
          deps.clock.now(),
        );
        return sendCalendar(request, reply, file, `act-${act.id}.ics`);
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
        // Before the release time (checked on every request, so it opens on time without a
        // rebuild): no sets for the public, their own bookings for hosts and performers, all
        // for admins; per person, so never stored by a shared cache.
        if (schedule.releaseAt && deps.clock.now() < schedule.releaseAt) {
          const release = { at: schedule.releaseAt.toISOString(), released: false };
          reply.header('cache-control', 'private, no-store');
          const user = await resolveUser(deps, request);
          if (!user) return { data: [], release };
          if (user.is_admin) return { data: schedule.entries, release };
          const own = await ownedIds(db.kysely, user.id);
          return { data: ownBookings(schedule.entries, own.venues, own.acts), release };
        }
        const answer = keptSchedule(schedule);
        if (schedule.br) deps.kept.keep(SCHEDULE_PATH, answer);
        // The cached bytes go out as they are: Fastify does not serialize a Buffer.
        return deps.kept.reply(request, reply, answer);
      },
    );
  };
}
