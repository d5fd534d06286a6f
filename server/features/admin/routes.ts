import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../contract/auth.js';
import type { Deps } from '../../deps.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { authHooks } from '../auth/authenticate.js';

/**
 * The test endpoints (docs/behaviour.md#the-api): the admin board shows the admin one's message.
 */
export function testRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { requireUser, requireRole } = authHooks(deps);
  const schema = { tags: ['test'], response: { 200: MessageResponseSchema, ...ErrorResponses } };
  return async (app) => {
    app.get('/all', { schema }, async () => ({ message: 'Public Content.' }));
    app.get('/user', { schema, preValidation: requireUser }, async () => ({ message: 'User Content.' }));
    // There is no moderator role: moderation is the committee's, so `mod` is for admins.
    app.get('/mod', { schema, preValidation: requireRole('admin') }, async () => ({ message: 'Moderator Content.' }));
    app.get('/admin', { schema, preValidation: requireRole('admin') }, async () => ({ message: 'Admin Content.' }));
  };
}
