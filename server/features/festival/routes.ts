import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FestivalConfigSchema } from '../../../contract/festival.js';
import type { Deps } from '../../deps.js';

export function festivalRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      { schema: { tags: ['festival'], response: { 200: FestivalConfigSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return deps.festival;
      },
    );
  };
}
