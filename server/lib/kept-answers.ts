import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Versions } from '../db/connection.js';
import type { Clock } from './clock.js';
import { chooseEncoding, matchesIfNoneMatch, type Encoding } from './conditional.js';

/**
 * Answers kept as final bytes, and the lane that sends them before the framework sees the request
 * (docs/decisions/0058-festival-peak-pages-at-static-file-cost.md).
 *
 * On festival day thousands of phones ask for the same few public answers (the drawn `/schedule`,
 * `/acts`, an act's page, `GET /v1/schedule`). Each is kept here once drawn: its bytes in every
 * encoding (compressed once), its tags and headers, the database counters it was drawn from
 * (migrations 0004, 0005, 0014) and the moment it stops being current by itself (the next minute
 * for a page that shows what plays now, a release time). A request for one is answered by
 * `handle`, which the HTTP server calls before Fastify: no routing, hooks, reads, drawing, hashing
 * or compression, only one read of the three counters per turn of the event loop, shared by every
 * request of that turn, so a change made through any app process is seen by all at once.
 *
 * Only what is the same for everyone is kept, and only a plain GET is answered from here: a
 * request with Authorization (a signed-in read) or Origin (a cross-origin read, whose CORS headers
 * Fastify writes) always goes to the routes.
 */
export interface KeptAnswer {
  /** The counters it was drawn from, and their values then. */
  versions: Partial<Versions>;
  /** When it stops being current by itself (ms since the epoch); Infinity when it never does. */
  expiresAt: number;
  /** The encoding to send for an Accept-Encoding header. */
  encodingFor(acceptEncoding: string | undefined): Encoding;
  /** True when If-None-Match names this content (any encoding's tag). */
  matches(ifNoneMatch: string): boolean;
  /** Headers of the 200 and of the 304, per encoding (the security headers are added when sent). */
  ok: Record<Encoding, OutgoingHttpHeaders>;
  notModified: Record<Encoding, OutgoingHttpHeaders>;
  body(encoding: Encoding): Buffer;
  /** Bytes held, all encodings together. */
  size: number;
}

export interface KeptAnswersOptions {
  db: Db;
  clock: Clock;
  /** The security headers every answer carries (server/lib/security-headers.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  /** Strict-Transport-Security, for an answer to a request that came over HTTPS. */
  hsts: string;
  /** Fastify's trustProxy: when set, X-Forwarded-Proto says whether the request came over HTTPS. */
  trustProxy: boolean;
  /** CORS_ORIGINS is set: every answer varies by Origin too. */
  cors: boolean;
  /** At most this many bytes kept, all answers together (least recently used go first). */
  maxBytes?: number;
}

/** 64 MB: the full festival's drawn schedule is about 0.5 MB in its three encodings. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Addresses remembered as another's (a shared link's ?utm_source=): bounded, oldest first out. */
const MAX_ALIASES = 5000;

/**
 * Public reads a shared cache (a proxy in front of several app processes, docs/deploying.md) may
 * keep for ten seconds; a browser revalidates them on every use (max-age=0), so a host who just
 * saved sees the change. Answers to a request with Authorization are never stored (server/app.ts).
 */
export const SHARED_READ = 'public, max-age=0, s-maxage=10';
/** A drawn page: the same, and a shared cache may send it a little stale while it asks again. */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

const COUNTERS: ReadonlyArray<keyof Versions> = ['schedule', 'catalogue', 'announcements'];

export class KeptAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  /** Request URLs that are another key's answer (a page address with junk parameters). */
  private readonly aliases = new Map<string, string>();
  private bytes = 0;
  /** The counters' read for this turn of the event loop, once scheduled. */
  private nextRead: Promise<Versions> | null = null;
  private readonly maxBytes: number;

  constructor(private readonly options: KeptAnswersOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /**
   * The counters as committed when the read starts, after every request of this turn arrived: a
   * read already under way is never shared, since it may have begun before a client committed.
   */
  versions(): Promise<Versions> {
    return (this.nextRead ??= new Promise<Versions>((resolve, reject) => {
      setImmediate(() => {
        this.nextRead = null;
        this.options.db.readVersions().then(resolve, reject);
      });
    }));
  }

  /** True while `answer` shows what `versions` and the clock say is current. */
  isCurrent(answer: KeptAnswer, versions: Versions, now = this.options.clock.now().getTime()): boolean {
    if (now >= answer.expiresAt) return false;
    for (const counter of COUNTERS) {
      const drawn = answer.versions[counter];
      if (drawn !== undefined && drawn !== versions[counter]) return false;
    }
    return true;
  }

  /** The answer kept under `key` (an address), if any. */
  find(key: string): KeptAnswer | undefined {
    return this.answers.get(key);
  }

  /** Keeps `answer` under `key`, and under `url` too when a request asked for it by another address. */
  keep(key: string, answer: KeptAnswer, url?: string): void {
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.bytes -= old.size;
    }
    if (answer.size > this.maxBytes / 4) return;
    this.answers.set(key, answer);
    this.bytes += answer.size;
    if (this.bytes > this.maxBytes) this.evict(key);
    if (url !== undefined && url !== key) this.alias(url, key);
  }

  /** How often each address was sent from what is kept (its drawings, one after another, count together). */
  private readonly hits = new Map<string, number>();

  /**
   * Oldest first, but an address sent again from memory only when nothing else is left: a flood
   * of addresses asked for once (random searches, unknown ids) cannot push out the pages everyone
   * is reading. `kept`, just kept, stays.
   */
  private evict(kept: string): void {
    for (const spareAskedAgain of [true, false])
      for (const [key, answer] of this.answers) {
        if (this.bytes <= this.maxBytes) return;
        if (key === kept || (spareAskedAgain && (this.hits.get(key) ?? 0) > 0)) continue;
        this.answers.delete(key);
        this.hits.delete(key);
        this.bytes -= answer.size;
      }
  }

  private alias(url: string, key: string): void {
    if (this.aliases.size >= MAX_ALIASES) this.aliases.delete(this.aliases.keys().next().value!);
    this.aliases.set(url, key);
  }

  /** How many answers and bytes are kept (tests, diagnostics). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.bytes };
  }

  /** Requests waiting for this turn's read of the counters, four entries each. */
  private waiting: Array<IncomingMessage | ServerResponse | (() => void) | Asked> = [];

  /**
   * The front lane: answers a request from what is kept when it can, else calls `next` (Fastify).
   * Called by the HTTP server for every request (server/app.ts). The requests of one turn of the
   * event loop wait together for one read of the counters, made once they are all in.
   */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !this.answers.has(this.aliases.get(url) ?? url)) return next();
    const asked = askedOf(req.rawHeaders);
    if (!asked) return next();
    if (this.waiting.push(req, res, next, asked) === 4) setImmediate(this.answerWaiting);
  }

  private readonly answerWaiting = (): void => {
    const waiting = this.waiting;
    this.waiting = [];
    const answer = (versions: Versions | undefined) => {
      const now = this.options.clock.now().getTime();
      for (let i = 0; i < waiting.length; i += 4) {
        const req = waiting[i] as IncomingMessage;
        const next = waiting[i + 2] as () => void;
        // Looked up again: the answer may have been replaced while the counters were read.
        const key = this.aliases.get(req.url!) ?? req.url!;
        const current = versions && this.answers.get(key);
        if (current && this.isCurrent(current, versions, now)) {
          this.sendRaw(req, waiting[i + 1] as ServerResponse, current, waiting[i + 3] as Asked);
          this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
        }
        // Not current, or the database is unavailable: the routes answer (with their own error).
        else next();
      }
    };
    const { db } = this.options;
    if (db.readVersionsNow) {
      let versions: Versions | undefined;
      try {
        versions = db.readVersionsNow();
      } catch {
        versions = undefined;
      }
      answer(versions);
    } else db.readVersions().then(answer, () => answer(undefined));
  };

  private sendRaw(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer, asked: Asked): void {
    const encoding = answer.encodingFor(asked.acceptEncoding);
    const ifNoneMatch = asked.ifNoneMatch;
    const notModified = ifNoneMatch !== undefined && answer.matches(ifNoneMatch);
    const headers = notModified ? answer.notModified[encoding] : answer.ok[encoding];
    res.writeHead(notModified ? 304 : 200, this.withSecurity(headers, this.cameOverHttps(req)));
    if (notModified) res.end();
    else res.end(answer.body(encoding));
  }

  /** The same answer through Fastify (a request the front lane passed on, or a test's inject). */
  reply(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
    const encoding = answer.encodingFor(request.headers['accept-encoding']);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && answer.matches(ifNoneMatch))
      return reply.code(304).headers(answer.notModified[encoding]).send();
    return reply.headers(answer.ok[encoding]).send(answer.body(encoding));
  }

  private readonly merged = new WeakMap<OutgoingHttpHeaders, [OutgoingHttpHeaders, OutgoingHttpHeaders]>();

  /** The security headers and `headers`, merged once per answer (and once more with HSTS). */
  private withSecurity(headers: OutgoingHttpHeaders, https: boolean): OutgoingHttpHeaders {
    let pair = this.merged.get(headers);
    if (!pair) {
      const { securityHeaders, hsts, cors } = this.options;
      const plain: OutgoingHttpHeaders = { ...securityHeaders, ...headers };
      if (cors) plain.vary = plain.vary ? `${String(plain.vary)}, Origin` : 'Origin';
      pair = [plain, { ...plain, 'strict-transport-security': hsts }];
      this.merged.set(headers, pair);
    }
    return pair[https ? 1 : 0];
  }

  private cameOverHttps(req: IncomingMessage): boolean {
    if ((req.socket as TLSSocket).encrypted) return true;
    if (!this.options.trustProxy) return false;
    const proto = req.headers['x-forwarded-proto'];
    return typeof proto === 'string' && proto.split(',')[0]!.trim() === 'https';
  }
}

/** What a request asks of a kept answer: its encodings and the tag it holds. */
interface Asked {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/**
 * The request's Accept-Encoding and If-None-Match, read from its raw headers (Node builds
 * `req.headers` on first use, a cost a static file server does not pay), or undefined when the
 * request is not one for the front lane: it carries Authorization or Origin, or names one of these
 * headers twice (the routes then read it as Node joins it).
 */
function askedOf(raw: string[]): Asked | undefined {
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding') {
      if (acceptEncoding !== undefined) return undefined;
      acceptEncoding = raw[i + 1];
    } else if (name.length === 13) {
      const lower = name.toLowerCase();
      if (lower === 'authorization') return undefined;
      if (lower === 'if-none-match') {
        if (ifNoneMatch !== undefined) return undefined;
        ifNoneMatch = raw[i + 1];
      }
    } else if (name.length === 6 && name.toLowerCase() === 'origin') return undefined;
  }
  return { acceptEncoding, ifNoneMatch };
}

/** A kept answer from its bytes: one content hash, tags and headers per encoding, made once. */
export function keptAnswer(parts: {
  versions: Partial<Versions>;
  expiresAt: number;
  /** The content's hash: the tags are made from it. */
  hash: string;
  /** Weak tags (one for every encoding: the page is the same), or strong ones per encoding. */
  weak: boolean;
  contentType: string;
  cacheControl: string;
  identity: Buffer;
  gzip: Buffer;
  /** None yet (a compression still under way): gzip goes to every client until it is kept again. */
  br: Buffer | null;
}): KeptAnswer {
  const { hash, weak } = parts;
  const etag = (encoding: Encoding) =>
    weak ? `W/"${hash}"` : encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
  const encodings: Encoding[] = ['br', 'gzip', 'identity'];
  const each = (make: (encoding: Encoding) => OutgoingHttpHeaders) =>
    Object.fromEntries(encodings.map((e) => [e, make(e)])) as Record<Encoding, OutgoingHttpHeaders>;
  const common = (encoding: Encoding): OutgoingHttpHeaders => ({
    etag: etag(encoding),
    vary: 'Accept-Encoding',
    'cache-control': parts.cacheControl,
  });
  const choices = new Map<string, Encoding>();
  const tags = new Set(encodings.map(etag));
  const body = (encoding: Encoding) =>
    encoding === 'identity' ? parts.identity : encoding === 'gzip' ? parts.gzip : (parts.br ?? parts.gzip);
  return {
    versions: parts.versions,
    expiresAt: parts.expiresAt,
    encodingFor(acceptEncoding) {
      if (acceptEncoding === undefined) return 'identity';
      let choice = choices.get(acceptEncoding);
      if (choice === undefined) {
        choice = chooseEncoding(acceptEncoding, parts.br !== null);
        // Bounded: a client sending a new value with every request must not grow it without end.
        if (choices.size >= 32) choices.clear();
        choices.set(acceptEncoding, choice);
      }
      return choice;
    },
    // The tag a client got back, as it was sent (the usual case), else any form of it.
    matches: (ifNoneMatch) => tags.has(ifNoneMatch) || matchesIfNoneMatch(ifNoneMatch, hash),
    notModified: each(common),
    ok: each((encoding) => ({
      ...common(encoding),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-type': parts.contentType,
      // Known, so the front lane's answer is not sent in chunks.
      'content-length': String(body(encoding).length),
    })),
    body,
    size: parts.identity.length + parts.gzip.length + (parts.br?.length ?? 0),
  };
}
