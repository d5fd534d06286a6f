import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes } from '../../contract/errors.js';
import {
  isDatabaseUnavailable,
  isStorageFull,
  STORAGE_FULL_RETRY_AFTER_S,
  storageFullLog,
} from '../db/availability.js';
import { HttpError } from './errors.js';
import type { SecurityHeaders } from './security-headers.js';

/**
 * The one error handler (docs/ARCHITECTURE.md, "How a request flows", step 5): every failure is
 * answered `{error, message, code, fields?}`. An `HttpError` as it says; a schema failure as a 400
 * naming each field with the spec's message; Fastify's own 4xx (a body too large, not JSON) in the
 * same shape; a full disk or a busy database as a 503 with Retry-After; anything else is logged
 * and answered with a 500 that carries no details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
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
}

/** Unknown paths (the API's, and any the web app does not answer): a JSON 404 naming the request. */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = `No such endpoint: ${request.method} ${path}`;
    return reply.code(404).send({ error: message, message, code: ErrorCodes.notFound });
  });
}

/**
 * The answer to an error the router raises before any route or hook runs (a path with bad
 * percent-encoding, an over-long parameter): the same headers and error shape as every other.
 */
export function routerError(err: FastifyError, reply: FastifyReply, headers: SecurityHeaders): void {
  headers.apply(reply);
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414 ? 'The address is too long.' : 'The address is not valid: it has a malformed %-escape.';
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: message, message, code: ErrorCodes.validation, fields: { url: message } });
}
