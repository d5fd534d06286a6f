import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { FestivalConfig } from '../contract/festival.js';
import { ErrorCodes } from '../contract/errors.js';
import type { Db } from './db/connection.js';
import { defaultRateRules, type Deps, type RateRules } from './deps.js';
import { systemClock, type Clock } from './lib/clock.js';
import { HttpError } from './lib/errors.js';
import { isDatabaseUnavailable } from './db/availability.js';
import { stripNul } from './lib/strip-nul.js';
import { applyCors, registerPreflight } from './lib/cors.js';
import { fromRoot } from './lib/paths.js';
import { OutboxWorker } from './mail/worker.js';
import { logTransport, type MailTransport } from './mail/transport.js';
import { authRoutes } from './features/auth/routes.js';
import { festivalRoutes } from './features/festival/routes.js';
import { loadPageShells } from './web/page-shells.js';
import { testRoutes } from './features/admin/routes.js';
import { sessionKey } from './features/auth/tokens.js';
import { venueRoutes } from './features/venues/routes.js';
import { actRoutes } from './features/acts/routes.js';
import { mediaRoutes } from './features/media/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import { commentRoutes } from './features/messages/comment-routes.js';
import { contactRoutes } from './features/messages/contact-routes.js';
import { schedulingRoutes } from './features/scheduling/routes.js';

export interface AppOptions {
  db: Db;
  festival: FestivalConfig;
  jwtSecret: string;
  publicUrl: string;
  clock?: Clock;
  /** Defaults to printing mail to the log (no SMTP_URL). */
  mailTransport?: MailTransport;
  rateRules?: Partial<RateRules>;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy: false, true, a hop count, or proxy addresses (see server/env.ts). */
  trustProxy?: boolean | number | string;
  corsOrigins?: string[];
  /** Folder of the built web app; the SPA is served only when it exists. */
  webRoot?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    deps: Deps;
  }
}

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};
// Quill writes inline styles (colours, indents), so style-src needs 'unsafe-inline';
// scripts come only from our own origin.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Logs show the path only: query strings can carry reset tokens and e-mail addresses. */
const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  remoteAddress: req.ip,
});

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logger = options.logger
    ? { ...(typeof options.logger === 'object' ? options.logger : {}), serializers: { req: requestSerializer } }
    : false;
  const app = Fastify({
    logger,
    // A hop count is valid at run time (proxy-addr); Fastify's overloads omit number.
    trustProxy: (options.trustProxy ?? false) as boolean | string,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const transport = options.mailTransport ?? logTransport(app.log);
  const outbox = new OutboxWorker({
    db: options.db,
    transport,
    clock,
    logger: app.log,
  });
  const deps: Deps = {
    db: options.db,
    clock,
    festival: options.festival,
    jwtKey: sessionKey(options.jwtSecret),
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    mailQueued: () => outbox.nudge(),
  };
  app.decorate('outbox', outbox);
  app.decorate('deps', deps);
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => {
    await outbox.stop();
    // Pooled SMTP connections would otherwise keep the process (and the SMTP server) waiting.
    transport.close();
  });

  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = stripNul(request.body);
    if (request.query !== undefined) request.query = stripNul(request.query);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', CSP);
    applyCors(request, reply, options.corsOrigins ?? []);
    return payload;
  });

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const first: string = err.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ error: first, message: first, code: ErrorCodes.validation, fields });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        status === 413 ? ErrorCodes.payloadTooLarge : status === 404 ? ErrorCodes.notFound : ErrorCodes.validation;
      const message = status === 413 ? 'The request is too large.' : (err as Error).message;
      return reply
        .code(status)
        .send({ error: message, message, code, fields: status === 413 ? undefined : { body: message } });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database unavailable');
      const message = 'The service is busy. Please try again in a few seconds.';
      return reply.code(503).header('retry-after', '5').send({ error: message, message, code: ErrorCodes.unavailable });
    }
    request.log.error({ err }, 'unhandled error');
    const message = 'Something went wrong on our side. Please try again.';
    return reply.code(500).send({ error: message, message, code: ErrorCodes.internal });
  });

  // Lists and pages compress about 6x (130 KB -> 21 KB for 100 venues). Brotli at quality 4 costs
  // about what gzip does; its default (11) is far too slow for dynamic responses. A response that
  // set its own Content-Encoding (the pre-compressed schedule) is left alone.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${options.festival.name} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (v1) => {
      await v1.register(festivalRoutes(deps), { prefix: '/festival' });
      await v1.register(authRoutes(deps), { prefix: '/auth' });
      await v1.register(testRoutes(deps), { prefix: '/test' });
      await v1.register(venueRoutes(deps), { prefix: '/venues' });
      await v1.register(actRoutes(deps), { prefix: '/acts' });
      await v1.register(mediaRoutes(deps), { prefix: '/media' });
      await v1.register(profileRoutes(deps), { prefix: '/auth' });
      await v1.register(commentRoutes(deps), { prefix: '/comments' });
      await v1.register(contactRoutes(deps), { prefix: '/contact' });
      // PATCH /venues/:id, GET /acts/unmatched and GET /schedule: no prefix of its own.
      await v1.register(schedulingRoutes(deps));
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );

  registerPreflight(app, options.corsOrigins ?? []);

  const webRoot = options.webRoot ?? fromRoot('dist', 'web');
  const serveWeb = existsSync(join(webRoot, 'index.html'));
  const shells = serveWeb ? loadPageShells(webRoot, options.festival) : undefined;
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
      preCompressed: true,
      // The build's source maps and manifest stay on the server: they are for debugging and for
      // the page shells (server/web/page-shells.ts), not for visitors.
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.includes('/.'),
      // Vite fingerprints everything under assets/: cache it for a year.
      setHeaders: (res, path) => {
        // index.html names the current build's assets: always revalidate it, or a browser could
        // keep an old page asking for files a deploy removed.
        const cache = path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : /index\.html(\.(br|gz))?$/.test(path)
            ? 'no-cache'
            : 'public, max-age=300';
        res.header('cache-control', cache);
      },
    });
  }

  if (shells) {
    // Every client route is the single-page app, which shows its own not-found screen. A route
    // (not the not-found handler), so the page is compressed like any other response.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!isClientRoute(path)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shells.forPath(path));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = `No such endpoint: ${request.method} ${path}`;
    return reply.code(404).send({ error: message, message, code: ErrorCodes.notFound });
  });

  return app;
}

/**
 * A path the web app answers. Not the API, and not a file that is missing (an old build's chunk, a
 * mistyped image, a source map): a browser must get a 404 there, not a page it would try to run
 * as a script. (Not "any path with a dot": /profile/{email} is a client route.)
 */
function isClientRoute(path: string): boolean {
  if (path === '/v1' || path.startsWith('/v1/')) return false;
  return !(
    path.startsWith('/assets/') ||
    path.startsWith('/images/') ||
    path.startsWith('/.') ||
    path.endsWith('.map')
  );
}
