import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * No request body the app takes is nested more than a few levels (a venue's slots are the
 * deepest, at three); anything deeper is refused before it is parsed, because the code after
 * parsing (NUL stripping, validation) walks the value recursively and a body nested 100,000
 * levels overflowed the stack as a 500. See docs/decisions/0019-hardening-round-two.md.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** How deep the JSON text's arrays and objects go, stopping once past `limit`. Strings are skipped. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * The JSON parser for every route: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys) behind a depth cap, and an empty body (as some clients send with
 * `Content-Type: application/json` on every call, a DELETE included) read as no body at all.
 * The size cap is the app's bodyLimit, checked while the body streams in.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(badRequest(JSON_TOO_DEEP, 'body'), undefined);
    // Fastify's own parser is the callback kind: it answers through done (its type allows a promise too).
    void parse(request, text, done);
  });
}
