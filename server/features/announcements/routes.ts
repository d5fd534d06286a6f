import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../contract/zod.js';
import {
  AnnouncementInputSchema,
  AnnouncementsResponseSchema,
  DeskAnnouncementSchema,
  DeskAnnouncementsQuerySchema,
  DeskAnnouncementsResponseSchema,
} from '../../../contract/announcements.js';
import { IdParamsSchema } from '../../../contract/forms.js';
import type { Deps } from '../../deps.js';
import { matchesIfNoneMatch } from '../../lib/conditional.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks, currentUser } from '../auth/authenticate.js';
import { activeAnnouncements, deleteAnnouncement, listDeskAnnouncements, postAnnouncement } from './queries.js';
import { SHARED_READ } from '../../lib/kept-answers.js';

/**
 * Announcements (docs/decisions/0029-announcements.md): GET /v1/announcements for everyone, and
 * the desk's GET, POST and DELETE under /v1/admin/announcements, admins only.
 */
export function announcementRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const { committeeRoute } = authHooks(deps);
  // The last answer and its tag: most requests on a day ask for the same few announcements, so
  // the hash is computed once per distinct answer, not per request.
  let last: { json: string; hash: string } | null = null;

  return async (app) => {
    app.get(
      '/announcements',
      {
        schema: {
          tags: ['announcements'],
          description:
            'The announcements in force now. Every process reads them from the database on each request; ' +
            'revalidate with If-None-Match for a 304.',
          response: { 200: AnnouncementsResponseSchema },
        },
      },
      async (request, reply) => {
        const data = await activeAnnouncements(db.kysely, deps.clock.now());
        const body = { data, total: data.length };
        const json = JSON.stringify(body);
        if (last?.json !== json) {
          last = { json, hash: createHash('sha256').update(json).digest('base64url').slice(0, 27) };
        }
        const { hash } = last;
        // Revalidated on every use, so an announcement posted or ended on any process shows at
        // once; an unchanged answer costs one indexed read and a 304 with no body. The tag is weak:
        // a long answer may go out compressed, and the bytes then differ by encoding.
        reply.header('cache-control', SHARED_READ).header('etag', `W/"${hash}"`);
        if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) return (reply as FastifyReply).code(304).send();
        return body;
      },
    );

    app.get(
      '/admin/announcements',
      committeeRoute({
        querystring: DeskAnnouncementsQuerySchema,
        response: { 200: DeskAnnouncementsResponseSchema, ...ErrorResponses },
      }),
      async (request) => listDeskAnnouncements(db.kysely, request.query.offset, request.query.limit, deps.clock.now()),
    );

    app.post(
      '/admin/announcements',
      committeeRoute({
        body: AnnouncementInputSchema,
        response: { 201: DeskAnnouncementSchema, ...ErrorResponses },
      }),
      async (request, reply) => {
        const { text, link_url, level, starts_at, ends_at } = request.body;
        const posted = await postAnnouncement(
          db,
          currentUser(request),
          { text, link_url, level, starts_at: new Date(starts_at), ends_at: new Date(ends_at) },
          deps.clock.now(),
        );
        return reply.code(201).send(posted);
      },
    );

    app.delete(
      '/admin/announcements/:id',
      committeeRoute({ params: IdParamsSchema, response: { 204: z.null(), ...ErrorResponses } }),
      async (request, reply) => {
        await deleteAnnouncement(db, currentUser(request), request.params.id, deps.clock.now());
        return reply.code(204).send(null);
      },
    );
  };
}
