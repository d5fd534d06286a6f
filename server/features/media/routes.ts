import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../contract/errors.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { mediaKeys } from './keys.js';
import { findMedia, findPublicMedia } from './queries.js';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Headers for stored images (docs/decisions/0051). The address is the content's hash, so the
 * bytes never change, but whether they may be served does: a picture leaves with the bio that
 * showed it (a deleted act, an edit, a hidden item). Cached a day, then revalidated (a 304 while
 * it is still shown, a 404 once it is not), so a take-down reaches every cache within a day.
 */
const MEDIA_HEADERS = {
  'x-content-type-options': 'nosniff',
  // Opened on its own, an image is only an image: no script, style or frame can come with it.
  'content-security-policy': "default-src 'none'",
};
const PUBLIC_CACHE = 'public, max-age=86400, must-revalidate';
/** A message's picture: kept by the reader's browser only, never by a shared cache. */
const PRIVATE_CACHE = 'private, max-age=86400, must-revalidate';

export function mediaRoutes(deps: Deps): FastifyPluginAsyncZod {
  const keys = mediaKeys(deps.jwtKey);
  return async (app) => {
    app.get(
      '/:hash',
      {
        schema: {
          tags: ['media'],
          summary: 'An image from a rich-text field, by the SHA-256 of its bytes',
          description:
            'Served while a visible act or venue shows it in its bio; a picture in a message only with the key its message carries.',
          params: z.object({ hash: z.string().max(100) }),
          querystring: z.object({ key: z.string().max(100).optional() }),
          response: {
            200: z.unknown().describe('The image, with its content type'),
            304: z.null().describe('Not modified'),
            404: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { hash } = request.params;
        if (!SHA256.test(hash)) throw notFound('No such image');
        const keyed = keys.verify(hash, request.query.key);
        const media = keyed ? await findMedia(deps.db.kysely, hash) : await findPublicMedia(deps.db.kysely, hash);
        if (!media) throw notFound('No such image');
        const etag = `"${hash}"`;
        reply.headers({ ...MEDIA_HEADERS, 'cache-control': keyed ? PRIVATE_CACHE : PUBLIC_CACHE, etag });
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply.type(media.mime_type).send(Buffer.from(media.bytes));
      },
    );
  };
}
