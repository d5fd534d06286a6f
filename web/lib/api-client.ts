import type { ErrorResponse } from '../../contract/errors';
import { currentSession } from './session';

/** docs/behaviour.md#errors: the text of the dialog shown when a call gets no response at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error, please check your network connection and try again';

let baseUrl = '';

/**
 * The built app is served by the API server, so calls are same-origin and the base is empty.
 * The web tests point it at a real API server listening on another port.
 */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

const noAnswerListeners = new Set<() => void>();

/** Calls `listener` whenever a call gets no response at all (web/lib/online.ts: offline). */
export function onNoAnswer(listener: () => void): void {
  noAnswerListeners.add(listener);
}

/** A non-2xx answer: its status and the server's `{error, message, code, fields?}` body. */
/** An API address a link can point at (a file to download, such as a calendar). */
export function apiHref(path: ApiPath): string {
  return `${baseUrl}${path}`;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse;
  /** The server's Retry-After in seconds (a 429 or 503 says how long to wait), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: ErrorResponse, retryAfterSeconds: number | null = null) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as a number of seconds; the HTTP-date form counts from now. */
function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return null;
  if (/^\d+$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
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
  /**
   * Send no Authorization header even when signed in (docs/behaviour.md#the-api has such calls).
   */
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
 * (an expired one is dropped first, docs/behaviour.md#states-and-transitions), ApiError for a
 * non-2xx answer and a dialog, then NetworkError, when there is no answer
 * (docs/behaviour.md#errors).
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
    for (const listener of noAnswerListeners) listener();
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
  if (!response.ok) throw new ApiError(response.status, errorBody(response, data), retryAfter(response));
  return data as T;
}

export const apiGet = <T>(path: ApiPath, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'GET' });

export const apiPost = <T>(path: ApiPath, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'POST', body });

/**
 * A file from the API (a CSV export): fetched with the session's token, which a plain link would
 * not carry, and returned as a Blob for the browser to save.
 */
export async function apiDownload(path: ApiPath): Promise<Blob> {
  const headers: Record<string, string> = {};
  const session = currentSession();
  if (session) headers.authorization = `Bearer ${session.jwt_token}`;
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, { headers });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: errorBody falls back to the status text
    }
    throw new ApiError(response.status, errorBody(response, data));
  }
  return response.blob();
}

/** The sentence to show for a failed call: the server's `error`, or the error's own text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.body.error;
  if (error instanceof Error) return error.message;
  return String(error);
}
