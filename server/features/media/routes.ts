import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../contract/errors.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { findMedia } from './queries.js';

const SHA256 = /^[0-9a-f]{64}$/;

/** Headers for stored images: the address is the content's hash, so it never changes. */
const MEDIA_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Opened on its own, an image is only an image: no script, style or frame can come with it.
  'content-security-policy': "default-src 'none'",
};

export function mediaRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:hash',
      {
        schema: {
          tags: ['media'],
          summary: 'An image from a rich-text field, by the SHA-256 of its bytes',
          params: z.object({ hash: z.string().max(100) }),
          response: {
            200: z.unknown().describe('The image, with its content type'),
            304: z.null().describe('Not modified'),
            404: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { hash } = request.params;
        const media = SHA256.test(hash) ? await findMedia(deps.db.kysely, hash) : undefined;
        if (!media) throw notFound('No such image');
        const etag = `"${hash}"`;
        reply.headers({ ...MEDIA_HEADERS, etag });
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply.type(media.mime_type).send(Buffer.from(media.bytes));
      },
    );
  };
}
