import type { ErrorResponse } from '../../contract/errors';
import { currentSession } from './session';

/** Spec 8: the text of the dialog shown when a call gets no response at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error, please check your network connection and try again';

let baseUrl = '';

/**
 * The built app is served by the API server, so calls are same-origin and the base is empty.
 * The web tests point it at a real API server listening on another port.
 */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

/** A non-2xx answer: its status and the server's `{error, message, code, fields?}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse;

  constructor(status: number, body: ErrorResponse) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The request got no response (offline, server down, refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

export type ApiPath = `/v1/${string}`;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send no Authorization header even when signed in (spec 7 has such calls). */
  anonymous?: boolean;
  /** Do not show the network-error dialog (best-effort calls such as logout). */
  quiet?: boolean;
  signal?: AbortSignal;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorResponse).error === 'string' &&
    typeof (value as ErrorResponse).message === 'string'
  );
}

function errorBody(response: Response, data: unknown): ErrorResponse {
  if (isErrorResponse(data)) return { ...data, code: typeof data.code === 'string' ? data.code : 'unknown' };
  // Not our JSON (a proxy's error page, for instance): still give the screens a sentence.
  const text = `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
  return { error: text, message: text, code: 'unknown' };
}

/**
 * One fetch for every call: JSON in and out, the session's bearer token when signed in
 * (an expired one is dropped first, spec 4), ApiError for a non-2xx answer and a dialog,
 * then NetworkError, when there is no answer (spec 8).
 */
export async function apiRequest<T>(path: ApiPath, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Fastify rejects an empty body declared as JSON, so the type goes only with a body.
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (!options.anonymous) {
    const session = currentSession();
    if (session) headers.authorization = `Bearer ${session.jwt_token}`;
  }

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    // A cancelled request (a screen left before its data came) is not a network problem.
    if (options.signal?.aborted) throw cause;
    if (!options.quiet) window.confirm(NETWORK_ERROR_MESSAGE);
    throw new NetworkError(cause);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, errorBody(response, data));
  return data as T;
}

export const apiGet = <T>(path: ApiPath, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'GET' });

export const apiPost = <T>(path: ApiPath, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'POST', body });

/** The sentence to show for a failed call: the server's `error`, or the error's own text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.body.error;
  if (error instanceof Error) return error.message;
  return String(error);
}
