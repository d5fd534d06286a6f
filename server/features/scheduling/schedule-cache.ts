import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FestivalConfig } from '../../../contract/festival.js';
import type { ScheduleEntry } from '../../../contract/schedule.js';
import type { Db } from '../../db/connection.js';
import type { Encoding } from '../../lib/conditional.js';
import { loadScheduledCells, readScheduleVersion } from './queries.js';
import { buildSchedule } from './render-schedule.js';
import { effectiveRelease, readSettings } from '../festival/settings.js';

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
  /** The rows, for the views before the release (a host's own bookings, an admin's whole schedule). */
  entries: ScheduleEntry[];
  /** The release time in force at this version (a change to it bumps the version), or null. */
  releaseAt: Date | null;
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

async function render(db: Db, festival: FestivalConfig): Promise<RenderedSchedule> {
  // The version is read before the data: the data is then at least that new, so a change
  // committed in between costs one more rebuild, never a stale schedule under a new version.
  const version = await readScheduleVersion(db.kysely);
  const settings = await readSettings(db.kysely);
  // The rain switch bumps the version (migration 0006), and so does an act's or a venue's
  // rain-date answer (migration 0012): the sets the rain date leaves out are left out here.
  const schedule = buildSchedule(await loadScheduledCells(db.kysely, settings.rain_date_active));
  const identity = Buffer.from(JSON.stringify(schedule));
  const rendered: RenderedSchedule = {
    version,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
    identity,
    gzip: await gzipAsync(identity, { level: 9 }),
    br: null,
    entries: schedule.data,
    releaseAt: effectiveRelease(festival, settings),
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
 * triggers with every change, migration 0004) says it changed. Every request has that row read
 * after it arrived, so a change made through any app process shows at once in all of them.
 * Requests that arrive in one turn of the event loop share one read, made once that turn's
 * requests are in (docs/decisions/0017-festival-scale-measures.md); concurrent requests share one
 * rebuild.
 */
export class ScheduleCache {
  private current: RenderedSchedule | null = null;
  /** A version read scheduled and not yet started: a request arriving now may still share it. */
  private nextRead: Promise<number> | null = null;
  private building: Promise<RenderedSchedule> | null = null;

  constructor(
    private readonly db: Db,
    private readonly festival: FestivalConfig,
  ) {}

  async get(): Promise<RenderedSchedule> {
    const version = await this.latestVersion();
    for (;;) {
      const current = this.current;
      if (current && current.version >= version) return current;
      const built = await (this.building ??= render(this.db, this.festival).finally(() => {
        this.building = null;
      }));
      if (!this.current || built.version > this.current.version) this.current = built;
      // A rebuild started before this request's version read may be older: go round again.
    }
  }

  /**
   * The version as committed when the read starts, which is after this request arrived. A read
   * already under way is never shared: it may have begun before this request's client committed
   * a change.
   */
  private latestVersion(): Promise<number> {
    return (this.nextRead ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.nextRead = null;
        this.db.readScheduleVersion().then(resolve, reject);
      });
    }));
  }
}
