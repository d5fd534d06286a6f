import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
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
import { defaultNoticeTiming, defaultRateRules, type Deps, type NoticeTiming, type RateRules } from './deps.js';
import { systemClock, type Clock } from './lib/clock.js';
import { HttpError } from './lib/errors.js';
import { isDatabaseUnavailable, isStorageFull, STORAGE_FULL_RETRY_AFTER_S, storageFullLog } from './db/availability.js';
import { stripNul } from './lib/strip-nul.js';
import { registerJsonBodyParser } from './lib/json-body.js';
import { addVary, registerSecurityHeaders, securityHeaders, type SecurityHeaders } from './lib/security-headers.js';
import { fromRoot } from './lib/paths.js';
import { OutboxWorker } from './mail/worker.js';
import { logTransport, type MailTransport } from './mail/transport.js';
import { authRoutes } from './features/auth/routes.js';
import { festivalRoutes } from './features/festival/routes.js';
import { loadPageShells } from './web/page-shells.js';
import { loadFirstViews } from './web/first-view.js';
import { linkPreviews, previewTags } from './web/link-preview.js';
import { webAppManifest } from './web/web-app-manifest.js';
import { scheduleQrPng } from './web/schedule-qr.js';
import { createHash } from 'node:crypto';
import { matchesIfNoneMatch } from './lib/conditional.js';
import { testRoutes } from './features/admin/routes.js';
import { deskRoutes } from './features/admin/desk-routes.js';
import { announcementRoutes } from './features/announcements/routes.js';
import { sessionKey } from './features/auth/tokens.js';
import { venueRoutes } from './features/venues/routes.js';
import { actRoutes } from './features/acts/routes.js';
import { mediaRoutes } from './features/media/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import { commentRoutes } from './features/messages/comment-routes.js';
import { contactRoutes } from './features/messages/contact-routes.js';
import { draftRoutes } from './features/drafts/routes.js';
import { DraftService } from './features/drafts/service.js';
import { matchingRoutes } from './features/matching/routes.js';
import { schedulingRoutes } from './features/scheduling/routes.js';
import { flushScheduleNotices } from './features/scheduling/notices.js';

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
  /** MAIL_RATE_PER_HOUR: the outbox's send rate shared by every process; unset sends at once. */
  mailRatePerHour?: number;
  /** NOTICE_DELAY_MS, NOTICE_MAX_WAIT_MS, NOTICE_CAP_PER_HOUR: when scheduling notices go (0038). */
  notices?: Partial<NoticeTiming>;
  /**
   * REQUEST_TIMEOUT_MS: the longest a request may take to arrive, body included; a slower one is
   * answered 408 and disconnected (default 300 s; docs/deploying.md).
   */
  requestTimeoutMs?: number;
  /** Folder of the built web app; the SPA is served only when it exists. */
  webRoot?: string;
  /** The web app's server build (docs/decisions/0048); default: dist/ssr/entry-server.js beside webRoot. */
  firstViewEntry?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    deps: Deps;
    /** The committee's draft schedules, kept in this process (docs/decisions/0050-draft-schedule.md). */
    drafts: DraftService;
  }
}

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * A whole request, body included, must arrive within this (Node's requestTimeout), so a client
 * that sends most of a body and then a byte now and then cannot hold its memory indefinitely
 * (issue 27, item 4). 300 s lets BODY_LIMIT_BYTES through a 56 kbit/s phone link.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/**
 * Answers that carry a session or a secret (a token, a reset confirmation) must not be kept by a
 * browser or a shared cache: every response to a request with Authorization, and these routes'.
 * See docs/decisions/0019-hardening-round-two.md.
 */
const PRIVATE_ROUTES = new Set([
  '/v1/auth/signin',
  '/v1/auth/signup',
  '/v1/auth/forgotpass',
  '/v1/auth/validatepasstoken',
  '/v1/auth/updatepass',
]);

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
  const headers = await securityHeaders();
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger,
    // A hop count is valid at run time (proxy-addr); Fastify's overloads omit number.
    trustProxy: (options.trustProxy ?? false) as boolean | string,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    // Node looks for late requests every connectionsCheckingInterval (30 s by default): a tenth of
    // the time-out, so a stalled body is cut between the time-out and 10 % after it. Headers keep
    // Node's 60 s, never longer than the whole request.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(requestTimeoutMs / 10))),
      headersTimeout: Math.min(60_000, requestTimeoutMs),
    },
    // Errors the router raises before any hook runs (a path with bad percent-encoding, an
    // over-long parameter): the same headers and error shape as every other answer.
    frameworkErrors: (err, _request, reply) => routerError(err, reply, headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);

  const clock = options.clock ?? systemClock;
  const transport = options.mailTransport ?? logTransport(app.log);
  const outbox = new OutboxWorker({
    db: options.db,
    transport,
    clock,
    logger: app.log,
    ratePerHour: options.mailRatePerHour,
    beforeRun: () => flushScheduleNotices(deps),
  });
  const deps: Deps = {
    db: options.db,
    clock,
    festival: options.festival,
    jwtKey: sessionKey(options.jwtSecret),
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    notices: { ...defaultNoticeTiming, ...options.notices },
    mailQueued: () => outbox.nudge(),
  };
  app.decorate('outbox', outbox);
  app.decorate('deps', deps);
  const drafts = new DraftService(deps);
  app.decorate('drafts', drafts);
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

  const corsOrigins = options.corsOrigins ?? [];
  await registerSecurityHeaders(app, headers, corsOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    if (corsOrigins.length > 0) addVary(reply, 'Origin');
    if (request.headers.authorization !== undefined || PRIVATE_ROUTES.has(request.routeOptions.url ?? ''))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  const reportStorageFull = storageFullLog();
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
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'The request body must be JSON (Content-Type: application/json).'
            : (err as Error).message;
      return reply
        .code(status)
        .send({ error: message, message, code, fields: status === 413 ? undefined : { body: message } });
    }
    if (isStorageFull(err)) {
      reportStorageFull(app.log, err);
      const message = 'Changes cannot be saved right now. Please try again in a few minutes.';
      return reply
        .code(503)
        .header('retry-after', String(STORAGE_FULL_RETRY_AFTER_S))
        .send({ error: message, message, code: ErrorCodes.unavailable });
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
      await v1.register(deskRoutes(deps), { prefix: '/admin' });
      await v1.register(draftRoutes(deps, drafts), { prefix: '/admin/schedule-drafts' });
      await v1.register(venueRoutes(deps), { prefix: '/venues' });
      await v1.register(actRoutes(deps), { prefix: '/acts' });
      await v1.register(mediaRoutes(deps), { prefix: '/media' });
      await v1.register(profileRoutes(deps), { prefix: '/auth' });
      await v1.register(commentRoutes(deps), { prefix: '/comments' });
      await v1.register(contactRoutes(deps), { prefix: '/contact' });
      // PATCH /venues/:id, GET /acts/unmatched and GET /schedule: no prefix of its own.
      await v1.register(schedulingRoutes(deps));
      await v1.register(matchingRoutes(deps));
      // GET /announcements and the desk's /admin/announcements.
      await v1.register(announcementRoutes(deps));
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/v1' },
  );

  const webRoot = options.webRoot ?? fromRoot('dist', 'web');
  const serveWeb = existsSync(join(webRoot, 'index.html'));
  const shells = serveWeb ? loadPageShells(webRoot, options.festival) : undefined;
  // The server's build of the web app, beside the browser's: it draws a page's first view.
  const firstViews = serveWeb
    ? await loadFirstViews(options.firstViewEntry ?? join(webRoot, '..', 'ssr', 'entry-server.js'), (error) =>
        app.log.error({ err: error }, 'drawing a first view failed'),
      )
    : undefined;
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
        // The service worker too: a deploy's new worker must be found on the next visit.
        const cache = path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : /(index\.html|\/sw\.js)(\.(br|gz))?$/.test(path)
            ? 'no-cache'
            : 'public, max-age=300';
        res.header('cache-control', cache);
      },
    });
  }

  if (serveWeb) {
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(webAppManifest(options.festival))),
    );
    // Drawn once, at start: the address comes from the configuration, and one a QR code cannot
    // hold stops the server here rather than failing every print.
    const qr = await scheduleQrPng(deps.publicUrl);
    app.get('/schedule-qr.png', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').type('image/png').send(qr),
    );
  }

  if (shells) {
    const previews = linkPreviews(options.db, options.festival, deps.publicUrl, (error) =>
      app.log.error({ err: error }, 'a link preview lookup failed: the page keeps the festival preview'),
    );
    // Every client route is the single-page app, which shows its own not-found screen. A route
    // (not the not-found handler), so the page is compressed like any other response. Its head
    // carries the page's own link preview (an act's name and bio), so the page is revalidated
    // by a tag of its content: an edit to the act changes it, anything else is a 304.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!isClientRoute(path)) return reply.callNotFound();
      const firstView = await firstViews?.draw(
        request.url,
        async (read) => {
          // As someone not signed in: the page is the same for everyone who opens it.
          const answer = await app.inject({ method: 'GET', url: read, headers: { accept: 'application/json' } });
          const etag = answer.headers.etag;
          return {
            status: answer.statusCode,
            etag: typeof etag === 'string' ? etag : undefined,
            body: () => answer.json(),
          };
        },
        clock.now().getTime(),
      );
      const html = shells.forPath(path, previewTags(await previews.forPath(path)), firstView);
      const hash = createHash('sha256').update(html).digest('hex').slice(0, 32);
      // Weak: the same content in every encoding @fastify/compress may send it in.
      reply.header('cache-control', 'no-cache').header('etag', `W/"${hash}"`);
      if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = `No such endpoint: ${request.method} ${path}`;
    return reply.code(404).send({ error: message, message, code: ErrorCodes.notFound });
  });

  return app;
}

/** The answer to an error the router raises before any route or hook runs. */
function routerError(err: FastifyError, reply: FastifyReply, headers: SecurityHeaders): void {
  headers.apply(reply);
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414 ? 'The address is too long.' : 'The address is not valid: it has a malformed %-escape.';
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: message, message, code: ErrorCodes.validation, fields: { url: message } });
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
