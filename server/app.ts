import { createServer as createHttpServer, type ServerOptions } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { FestivalConfig } from '../contract/festival.js';
import type { Db } from './db/connection.js';
import { defaultNoticeTiming, defaultRateRules, type Deps, type NoticeTiming, type RateRules } from './deps.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerErrorHandler, registerNotFoundHandler, routerError } from './lib/error-handler.js';
import { stripNul } from './lib/strip-nul.js';
import { registerJsonBodyParser } from './lib/json-body.js';
import { addVary, registerSecurityHeaders, securityHeaders, type SecurityHeaders } from './lib/security-headers.js';
import { fromRoot } from './lib/paths.js';
import { KeptAnswers } from './lib/kept-answers.js';
import { OutboxWorker } from './mail/worker.js';
import { logTransport, type MailTransport } from './mail/transport.js';
import { authRoutes } from './features/auth/routes.js';
import { festivalRoutes } from './features/festival/routes.js';
import { serveWebApp } from './web/serve-app.js';
import { serveStreetTiles, type StreetPlan } from './web/street-tiles.js';
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
  /** STREET_PLAN: map tiles drawn from it at /tiles/{z}/{x}/{y}.svg (docs/decisions/0057); none without. */
  streetPlan?: StreetPlan;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    deps: Deps;
    /** The committee's draft schedules, kept in this process (docs/decisions/0050-draft-schedule.md). */
    drafts: DraftService;
    /** Public answers kept as final bytes, sent before routing (docs/decisions/0058). */
    kept: KeptAnswers;
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

/**
 * The app: the server with its limits, the shared dependencies and the outbox, the hooks every
 * request passes (NUL stripping, security and cache headers), the one error handler, compression
 * and OpenAPI, the `/v1` routes, then the web app. Everything but `listen`, so tests build it with
 * their own database, clock and mail server.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const headers = await securityHeaders();
  const kept = new KeptAnswers({
    db: options.db,
    clock: options.clock ?? systemClock,
    securityHeaders: headers.values,
    hsts: headers.hsts,
    trustProxy: Boolean(options.trustProxy),
    cors: (options.corsOrigins ?? []).length > 0,
  });
  const app = createServer(options, headers, kept);
  const { deps, outbox } = createDeps(app, options, kept);
  const drafts = new DraftService(deps);
  app.decorate('outbox', outbox);
  app.decorate('deps', deps);
  app.decorate('drafts', drafts);
  app.decorate('kept', kept);
  app.decorateRequest('user', null);

  stripNulFromInput(app);
  await registerHeaders(app, headers, options.corsOrigins ?? []);
  registerErrorHandler(app);
  await registerCompression(app);
  await registerOpenApi(app, options.festival);
  await app.register(apiRoutes(app, deps, drafts), { prefix: '/v1' });
  if (options.streetPlan) serveStreetTiles(app, options.streetPlan);
  await serveWebApp(app, deps, {
    webRoot: options.webRoot ?? fromRoot('dist', 'web'),
    firstViewEntry: options.firstViewEntry,
  });
  registerNotFoundHandler(app);
  return app;
}

/**
 * Fastify with the request limits, the logger, zod validation and the JSON body parser, on an
 * HTTP server whose every request passes the kept answers' front lane first.
 */
function createServer(options: AppOptions, headers: SecurityHeaders, kept: KeptAnswers) {
  const logger = options.logger
    ? { ...(typeof options.logger === 'object' ? options.logger : {}), serializers: { req: requestSerializer } }
    : false;
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
    // Fastify's own HTTP/1 server, as it makes it (its options and time-outs), with the front lane
    // of the kept answers before Fastify's handler (docs/decisions/0058).
    serverFactory: (handler, fastifyOptions) => {
      // Fastify hands its own options, completed with its defaults, typed loosely.
      const opts = fastifyOptions as ServerFactoryOptions;
      const server = createHttpServer(opts.http ?? {}, (req, res) => kept.handle(req, res, () => handler(req, res)));
      server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = opts.requestTimeout ?? 0;
      if (opts.connectionTimeout) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);
  return app;
}

/** What Fastify hands its server factory: its options, with its defaults filled in. */
interface ServerFactoryOptions {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** What every feature is handed, and the outbox worker that delivers their mail. */
function createDeps(
  app: FastifyInstance,
  options: AppOptions,
  kept: KeptAnswers,
): { deps: Deps; outbox: OutboxWorker } {
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
    kept,
  };
  app.addHook('onClose', async () => {
    await outbox.stop();
    // Pooled SMTP connections would otherwise keep the process (and the SMTP server) waiting.
    transport.close();
  });
  return { deps, outbox };
}

/** NUL cannot be stored in a PostgreSQL text column: it leaves every body and query first. */
function stripNulFromInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = stripNul(request.body);
    if (request.query !== undefined) request.query = stripNul(request.query);
  });
}

/** The security headers and CORS, and no caching of an answer that carries a session or a secret. */
async function registerHeaders(app: FastifyInstance, headers: SecurityHeaders, corsOrigins: string[]): Promise<void> {
  await registerSecurityHeaders(app, headers, corsOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    if (corsOrigins.length > 0) addVary(reply, 'Origin');
    if (request.headers.authorization !== undefined || PRIVATE_ROUTES.has(request.routeOptions.url ?? ''))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Lists and pages compress about 6x (130 KB -> 21 KB for 100 venues). Brotli at quality 4 costs
 * about what gzip does; its default (11) is far too slow for dynamic responses. A response that
 * set its own Content-Encoding (the pre-compressed schedule) is left alone.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** The OpenAPI document, drawn from the routes' zod schemas and served at /v1/openapi.json. */
async function registerOpenApi(app: FastifyInstance, festival: FestivalConfig): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${festival.name} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
}

/** The API under /v1: one route group per feature. */
function apiRoutes(app: FastifyInstance, deps: Deps, drafts: DraftService) {
  return async (v1: FastifyInstance) => {
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
  };
}
