import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { chooseEncoding, matchesIfNoneMatch, type Encoding } from './conditional.js';
import { SHARED_READ } from './kept-answers.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One list response, as sent: its JSON, compressed on first demand, and its content hash. */
interface RenderedPage {
  key: string;
  version: number;
  hash: string;
  identity: Buffer;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
  /** What this page holds in memory: its JSON, and each compressed copy once made. */
  bytes: number;
}

/** What a list may hold, all pages together, and the largest page worth keeping. */
export interface ListCacheLimits {
  maxEntries: number;
  maxBytes: number;
  maxPageBytes: number;
}

// A page of 100 venues is about 130 KB of JSON (bench/venues-list.ts), so 24 MB keeps well over
// a hundred pages with their compressed copies. A page can reach a few MB (100 items with the
// longest bios allowed); such pages are sent, not kept, so no one can fill the memory with them.
const DEFAULT_LIMITS: ListCacheLimits = { maxEntries: 200, maxBytes: 24 * 1024 * 1024, maxPageBytes: 1024 * 1024 };

// Bodies under this size go out uncompressed, as with the app-wide compression (server/app.ts).
const COMPRESS_THRESHOLD = 1024;

/**
 * GET /v1/venues and /v1/acts, kept rendered: on festival day thousands of phones ask for the
 * same few pages (the first page, a genre, a slot), and building one costs several milliseconds
 * of queries, presentation and compression (bench/festival-day.ts printed 7-10 ms of CPU each).
 *
 * Each page is stored under its key (the list, the viewer's class and the parsed query) with the
 * catalogue's version (migration 0005: a row bumped by triggers with every change the lists
 * show). Every request reads that one row, so a change made through any app process is seen at
 * once by all; a page from any other version is rebuilt. The least recently used pages go when
 * the list holds more than `maxEntries` pages or `maxBytes` bytes (compressed copies counted).
 * A page is checked against the route's response schema once, when it is built, as Fastify's
 * serializer would on every response.
 */
export class ListCache {
  private readonly pages = new Map<string, RenderedPage>();
  private readonly building = new Map<string, Promise<RenderedPage>>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly schema: { parse(value: unknown): unknown },
    private readonly limits: ListCacheLimits = DEFAULT_LIMITS,
  ) {}

  /** How many pages and bytes are kept now (for tests and diagnostics). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /**
   * Sends the page for `key`, building it with `build` when the catalogue changed since it was
   * kept. Answers If-None-Match with a 304, and sends the encoding the client accepts.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const page = await this.get(key, build);
    const encoding: Encoding =
      page.identity.length < COMPRESS_THRESHOLD ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
    reply
      .header('etag', encoding === 'identity' ? `"${page.hash}"` : `"${page.hash}-${encoding}"`)
      .header('vary', 'Accept-Encoding, Authorization')
      // A browser always revalidates (a host who just saved must see the change; a revalidation
      // costs a 304); a shared cache may keep the public list a few seconds (docs/decisions/0058).
      // A signed-in request's answer is never stored (server/app.ts).
      .header('cache-control', request.headers.authorization === undefined ? SHARED_READ : 'private, no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], page.hash)) return reply.code(304).send();
    const body = encoding === 'identity' ? page.identity : await this.encoded(page, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  }

  private async get(key: string, build: () => Promise<unknown>): Promise<RenderedPage> {
    // The version is read before the data: the data is then at least that new, so a change
    // committed in between costs one more rebuild, never a stale page under a new version.
    const version = await readCatalogueVersion(this.db);
    const kept = this.pages.get(key);
    // Equal, not "at least": a database restored under a running process starts its count again.
    if (kept && kept.version === version) {
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const buildKey = `${version}\u0000${key}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = (async () => {
        const identity = Buffer.from(JSON.stringify(this.schema.parse(await build())));
        const page: RenderedPage = {
          key,
          version,
          hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
          identity,
          bytes: identity.length,
        };
        const current = this.pages.get(key);
        if (identity.length <= this.limits.maxPageBytes && (!current || current.version <= version)) {
          this.forget(key);
          this.pages.set(key, page);
          this.bytes += page.bytes;
          this.evict();
        }
        return page;
      })().finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    return pending;
  }

  /** Compressed once per page and encoding, in zlib's thread pool, and shared by every request. */
  private encoded(page: RenderedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const made = page[encoding];
    if (made) return made;
    const compressing =
      encoding === 'gzip'
        ? gzipAsync(page.identity, { level: 6 })
        : brotliAsync(page.identity, {
            params: {
              // Quality 5: close to 9's size on JSON at a fraction of its time (bench/schedule.ts).
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
            },
          });
    page[encoding] = compressing;
    void compressing.then(
      (buffer) => {
        page.bytes += buffer.length;
        // Counted only while the page is still kept: a page already gone is no longer in the total.
        if (this.pages.get(page.key) === page) {
          this.bytes += buffer.length;
          this.evict();
        }
      },
      () => undefined,
    );
    return compressing;
  }

  private forget(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  /** Least recently used first (a Map keeps insertion order; a hit moves its page to the end). */
  private evict(): void {
    while (this.pages.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.pages.keys().next();
      if (oldest.done) return;
      this.forget(oldest.value);
    }
  }
}

/** The catalogue's version (migration 0005): one indexed read per list request. */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
