import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../contract/zod.js';
import {
  AuditQuerySchema,
  AuditResponseSchema,
  DashboardResponseSchema,
  ExportParamsSchema,
  PeopleQuerySchema,
  PeopleResponseSchema,
  PersonSchema,
  SetAdminInputSchema,
  AdminMessages,
  DeskSettingsSchema,
  SetScheduleReleaseInputSchema,
  RainDateStatusSchema,
  SetRainDateInputSchema,
  CreateMailingInputSchema,
  MailingRecipientsQuerySchema,
  MailingRecipientsSchema,
  MailingSchema,
  MailingsResponseSchema,
} from '../../../contract/admin.js';
import { ModerationMessages, SetHiddenInputSchema } from '../../../contract/moderation.js';
import { ActSchema, type Act } from '../../../contract/acts.js';
import { VenueSchema, type Venue } from '../../../contract/venues.js';
import { presentAct } from '../acts/present.js';
import { findAct } from '../acts/queries.js';
import { presentVenue } from '../venues/present.js';
import { findVenue } from '../venues/queries.js';
import { setHidden } from './moderation.js';
import { countRecipients, createMailing, listMailings, prepareBody } from './mailings.js';
import { readSettings } from '../festival/settings.js';
import { ALL_SETS } from '../scheduling/sets-shown.js';
import { presentSettings, readRainDate, setRainDate, setScheduleRelease } from './settings.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import type { UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { exportCsv } from './exports.js';
import { findPerson, listAudit, listPeople, readDashboard, setAdminRole } from './queries.js';

/**
 * The committee's desk under /v1/admin (docs/decisions/0020-committee-desk.md). Every route
 * checks the admin role on the server before it reads or writes anything.
 */
export function deskRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const { committeeRoute } = authHooks(deps);

  return async (app) => {
    app.get('/dashboard', committeeRoute({ response: { 200: DashboardResponseSchema, ...ErrorResponses } }), async () =>
      readDashboard(db.kysely),
    );

    app.get(
      '/users',
      committeeRoute({ querystring: PeopleQuerySchema, response: { 200: PeopleResponseSchema, ...ErrorResponses } }),
      async (request) => listPeople(db, request.query),
    );

    app.put(
      '/users/:id/admin',
      committeeRoute({
        params: IdParamsSchema,
        body: SetAdminInputSchema,
        response: { 200: PersonSchema, ...ErrorResponses },
      }),
      async (request) => {
        const actor = currentUser(request);
        await setAdminRole(db, actor, request.params.id, request.body.is_admin, deps.clock.now());
        const person = await findPerson(db.kysely, request.params.id);
        if (!person) throw notFound(AdminMessages.userNotFound);
        return person;
      },
    );

    app.get(
      '/audit',
      committeeRoute({ querystring: AuditQuerySchema, response: { 200: AuditResponseSchema, ...ErrorResponses } }),
      async (request) => listAudit(db.kysely, request.query.offset, request.query.limit),
    );

    app.get('/settings', committeeRoute({ response: { 200: DeskSettingsSchema, ...ErrorResponses } }), async () =>
      presentSettings(deps.festival, await readSettings(db.kysely)),
    );

    app.put(
      '/settings/schedule-release',
      committeeRoute({
        body: SetScheduleReleaseInputSchema,
        response: { 200: DeskSettingsSchema, ...ErrorResponses },
      }),
      async (request) => {
        const { release_at } = request.body;
        return setScheduleRelease(
          db,
          deps.festival,
          currentUser(request),
          release_at === null ? null : new Date(release_at),
          deps.clock.now(),
        );
      },
    );

    app.get('/rain-date', committeeRoute({ response: { 200: RainDateStatusSchema, ...ErrorResponses } }), async () =>
      readRainDate(db.kysely, deps.festival),
    );

    app.put(
      '/settings/rain-date',
      committeeRoute({ body: SetRainDateInputSchema, response: { 200: RainDateStatusSchema, ...ErrorResponses } }),
      async (request) => {
        const status = await setRainDate(db, deps, currentUser(request), request.body.active, deps.clock.now());
        if (status.mailed > 0) deps.mailQueued();
        return status;
      },
    );

    app.get(
      '/mailings/recipients',
      committeeRoute({
        querystring: MailingRecipientsQuerySchema,
        response: { 200: MailingRecipientsSchema, ...ErrorResponses },
      }),
      async (request) => ({
        audience: request.query.audience,
        recipients: await countRecipients(db.kysely, request.query.audience),
      }),
    );

    app.get(
      '/mailings',
      committeeRoute({ querystring: AuditQuerySchema, response: { 200: MailingsResponseSchema, ...ErrorResponses } }),
      async (request) => listMailings(db.kysely, request.query.offset, request.query.limit),
    );

    app.post(
      '/mailings',
      committeeRoute({
        body: CreateMailingInputSchema,
        response: { 201: MailingSchema, ...ErrorResponses },
      }),
      async (request, reply) => {
        const body = await prepareBody(request.body);
        const mailing = await createMailing(
          db,
          deps.festival,
          currentUser(request),
          request.body,
          body,
          deps.clock.now(),
        );
        deps.mailQueued();
        return reply.code(201).send(mailing);
      },
    );

    // Moderation (docs/behaviour.md#moderation): hide an act or a venue with a reason, or unhide it;
    // the answer is the item as the committee sees it now.
    const hiddenRoute = (
      kind: 'act' | 'venue',
      item: typeof ActSchema | typeof VenueSchema,
      readBack: (id: number, actor: UserRow) => Promise<Act | Venue | undefined>,
    ) =>
      app.put(
        `/${kind}s/:id/hidden`,
        committeeRoute({
          params: IdParamsSchema,
          body: SetHiddenInputSchema,
          response: { 200: item, ...ErrorResponses },
        }),
        async (request) => {
          const actor = currentUser(request);
          const mailed = await setHidden(db, deps, actor, kind, request.params.id, request.body, deps.clock.now());
          if (mailed > 0) deps.mailQueued();
          const shown = await readBack(request.params.id, actor);
          if (!shown)
            throw notFound(kind === 'act' ? ModerationMessages.actNotFound : ModerationMessages.venueNotFound);
          return shown;
        },
      );
    hiddenRoute('act', ActSchema, async (id, actor) => {
      const act = await findAct(db.kysely, id);
      return act && presentAct(act, actor, ALL_SETS);
    });
    hiddenRoute('venue', VenueSchema, async (id, actor) => {
      const venue = await findVenue(db.kysely, id);
      return venue && presentVenue(venue, actor, ALL_SETS);
    });

    app.get(
      '/exports/:name.csv',
      committeeRoute({
        params: ExportParamsSchema,
        response: { 200: z.unknown().describe('CSV (RFC 4180), UTF-8 with a byte-order mark'), ...ErrorResponses },
      }),
      async (request, reply) => {
        const { name } = request.params;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${deps.festival.slug}-${name}.csv"`)
          .header('cache-control', 'no-store')
          .send(exportCsv(db, deps.festival, name));
      },
    );
  };
}
