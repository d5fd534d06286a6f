import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the origins listed in CORS_ORIGINS only (README). The API authenticates with a
 * bearer token, never a cookie, so credentials are never allowed; an origin not on the list
 * gets no CORS header at all, and its browser keeps the response from its page.
 */
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Adds a name to Vary without dropping what the route set (the schedule varies by Accept-Encoding). */
function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.some((v) => v === '*' || v.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}

/** For every response (an onSend hook): echo an allowed Origin; caches must keep answers per Origin. */
export function applyCors(request: FastifyRequest, reply: FastifyReply, origins: readonly string[]): void {
  if (origins.length === 0) return;
  addVary(reply, 'Origin');
  const origin = request.headers.origin;
  if (origin && origins.includes(origin)) reply.header('access-control-allow-origin', origin);
}

/**
 * Answers the browser's preflight (OPTIONS with Access-Control-Request-Method) for any /v1
 * path: 204, with the methods and headers the API takes when the origin is allowed (the onSend
 * hook adds Access-Control-Allow-Origin), and with none of them otherwise.
 */
export function registerPreflight(app: FastifyInstance, origins: readonly string[]): void {
  app.options('/v1/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    const preflight = request.headers['access-control-request-method'] !== undefined;
    if (preflight && origin && origins.includes(origin)) {
      reply.headers({
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      });
    }
    return reply.code(204).send();
  });
}
