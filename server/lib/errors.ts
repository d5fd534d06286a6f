import { ErrorCodes, type ErrorCode, type ErrorResponse } from '../../contract/errors.js';

/**
 * An expected failure. Thrown anywhere in a request; the one error handler in app.ts turns
 * it into the contract's error shape. Anything else becomes a 500 with no details.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorResponse {
    return {
      error: this.message,
      message: this.message,
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, ErrorCodes.validation, message, field ? { [field]: message } : undefined);
export const unauthenticated = (message = 'You need to be logged in to do this.') =>
  new HttpError(401, ErrorCodes.unauthenticated, message);
export const forbidden = (message = 'You are not allowed to perform this action.') =>
  new HttpError(403, ErrorCodes.forbidden, message);
export const notFound = (message = 'Not found') => new HttpError(404, ErrorCodes.notFound, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, ErrorCodes.conflict, message, field ? { [field]: message } : undefined);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, ErrorCodes.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
