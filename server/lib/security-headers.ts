import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers and CORS through the maintained plugins (@fastify/helmet, @fastify/cors).
 * See docs/decisions/0023-framework-errors-text-mail-passwords.md.
 */

// Quill writes inline styles (colours, indents), so style-src needs 'unsafe-inline'; scripts
// come only from our own origin; rich text may show inline images (data:) and linked ones.
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:', 'http:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      // The service worker (web/sw/sw.ts) and the web app manifest come from our own origin.
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Public images (venue and act pictures) may be shown by other sites and mail readers.
  crossOriginResourcePolicy: false,
  // Sent only over HTTPS (below): a browser ignores it over HTTP, and a proxy may have TLS elsewhere.
  strictTransportSecurity: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** What a probe response carries without helmet: everything else helmet added. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sends, computed once at start-up on a probe instance. The plugin
 * rebuilds helmet's middleware on every request (about 9 µs each, measured); these headers never
 * change, so every response gets the same object in one step.
 */
async function helmetHeaders(): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  probe.get('/', () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && typeof value === 'string') headers[name] = value;
  }
  return Object.freeze(headers);
}

export interface SecurityHeaders {
  /** Sets the security headers on a reply, HSTS when the request came over HTTPS. */
  apply(reply: FastifyReply): void;
  /** The headers themselves, for answers sent without Fastify (server/lib/kept-answers.ts). */
  values: Readonly<Record<string, string>>;
  /** Strict-Transport-Security, for a request that came over HTTPS. */
  hsts: string;
}

let computed: Promise<Readonly<Record<string, string>>> | undefined;

/** The security headers, computed once per process. */
export async function securityHeaders(): Promise<SecurityHeaders> {
  computed ??= helmetHeaders();
  const headers = await computed;
  return {
    apply(reply) {
      reply.headers(headers);
      if (reply.request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    },
    values: headers,
    hsts: HSTS,
  };
}

/** The headers Cross-Origin clients may read: Retry-After tells them when to try again after a 429 or 503. */
const EXPOSED_HEADERS = 'Retry-After';
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Security headers on every routed response (an onRequest hook, so errors and 404s get them
 * too), and CORS for the origins listed in CORS_ORIGINS only (README). The API authenticates
 * with a bearer token, never a cookie, so credentials are never allowed; an origin not on the
 * list gets no CORS header at all, and its browser keeps the response from its page.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  headers: SecurityHeaders,
  corsOrigins: readonly string[],
): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    headers.apply(reply);
    done();
  });

  if (corsOrigins.length > 0) {
    const allowed = new Set(corsOrigins);
    const open = {
      origin: true,
      methods: ALLOWED_METHODS,
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      credentials: false,
      strictPreflight: false,
    };
    const closed = { origin: false };
    // Per request: an allowed Origin is echoed (with Vary: Origin); any other gets nothing.
    await app.register(fastifyCors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin !== undefined && allowed.has(origin) ? open : closed);
      },
    });
  }
  // An OPTIONS that is not an allowed preflight: 204 and nothing allowed, so the browser
  // refuses the cross-origin call. (An allowed one is answered by @fastify/cors before this.)
  app.options('/v1/*', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
}

/**
 * Adds a name to Vary without dropping what the route set: routes that set their own Vary
 * (the schedule and the list caches vary by Accept-Encoding) replace the Origin that
 * @fastify/cors added before them, so an onSend hook puts it back.
 */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) return void reply.header('vary', name);
  const names = String(current)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.some((v) => v === '*' || v.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}
