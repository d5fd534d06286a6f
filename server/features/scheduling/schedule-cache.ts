import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Db } from '../../db/connection.js';
import type { Encoding } from '../../lib/conditional.js';
import { loadScheduledCells, readScheduleVersion } from './queries.js';
import { buildSchedule } from './render-schedule.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** GET /v1/schedule, rendered once per version: the JSON bytes, compressed, and their tag. */
export interface RenderedSchedule {
  version: number;
  /** The content's hash; each encoding's ETag is derived from it. */
  hash: string;
  identity: Buffer;
  gzip: Buffer;
  /** Filled in by a background compression a moment after the render; until then gzip is sent. */
  br: Buffer | null;
}

/** A strong ETag per encoding: the bytes differ, so the tags must (RFC 9110 8.8.3). */
export function etagFor(schedule: Pick<RenderedSchedule, 'hash'>, encoding: Encoding): string {
  return encoding === 'identity' ? `"${schedule.hash}"` : `"${schedule.hash}-${encoding}"`;
}

export function bodyFor(schedule: RenderedSchedule, encoding: Encoding): Buffer {
  return (
    (encoding === 'identity' ? schedule.identity : encoding === 'gzip' ? schedule.gzip : schedule.br) ?? schedule.gzip
  );
}

// Brotli quality 9: about 10% smaller than quality 5 and 10% larger than 11, at a tenth of 11's
// time (bench/schedule.ts prints all four on the real body).
const BROTLI_QUALITY = 9;

async function render(db: Db): Promise<RenderedSchedule> {
  // The version is read before the data: the data is then at least that new, so a change
  // committed in between costs one more rebuild, never a stale schedule under a new version.
  const version = await readScheduleVersion(db.kysely);
  const identity = Buffer.from(JSON.stringify(buildSchedule(await loadScheduledCells(db.kysely))));
  const rendered: RenderedSchedule = {
    version,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    identity,
    gzip: await gzipAsync(identity, { level: 9 }),
    br: null,
  };
  // Brotli takes a few hundred milliseconds on the full schedule: requests waiting for a new
  // version would wait for it too, so it runs in zlib's thread pool after the render, and
  // clients get gzip until it is ready.
  brotliAsync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  }).then(
    (br) => {
      rendered.br = br;
    },
    () => {
      // Out of memory or similar: this version stays gzip-only, which every browser reads.
    },
  );
  return rendered;
}

/**
 * The public schedule, kept in memory and rebuilt only when the schedule_version row (bumped by
 * triggers with every change, migration 0004) says it changed. Every request reads that one row,
 * so a change made through any app process shows at once in all of them. Concurrent requests
 * share one version read and one rebuild.
 */
export class ScheduleCache {
  private current: RenderedSchedule | null = null;
  private versionRead: Promise<number> | null = null;
  private building: Promise<RenderedSchedule> | null = null;

  constructor(private readonly db: Db) {}

  async get(): Promise<RenderedSchedule> {
    const version = await this.latestVersion();
    for (;;) {
      const current = this.current;
      if (current && current.version >= version) return current;
      const built = await (this.building ??= render(this.db).finally(() => {
        this.building = null;
      }));
      if (!this.current || built.version > this.current.version) this.current = built;
      // A rebuild started before this request's version read may be older: go round again.
    }
  }

  private latestVersion(): Promise<number> {
    return (this.versionRead ??= readScheduleVersion(this.db.kysely).finally(() => {
      this.versionRead = null;
    }));
  }
}
