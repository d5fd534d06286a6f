/**
 * True when an error means the database cannot serve right now (busy, locked, unreachable,
 * restarting, out of connections) rather than that the request was wrong. Such errors are
 * answered with 503 and Retry-After; the pool reconnects by itself when the database returns.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (isStorageFull(err)) return true;
  if (typeof code === 'string') {
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    // PostgreSQL: connection exceptions (08), insufficient resources (53), operator intervention (57P),
    // lock_timeout (55P03, lock_not_available) and statement_timeout (57014, query_canceled): a
    // database stalled or locked by another connection (docs/decisions/0032-locked-database.md).
    if (/^(08|53|57P)/.test(code) || code === '55P03' || code === '57014') return true;
  }
  if (typeof message === 'string') {
    return /timeout exceeded when trying to connect|Connection terminated|database is locked|cannot acquire/i.test(
      message,
    );
  }
  return false;
}

/**
 * True when the database could not write because its disk (or file system) is full: SQLite's
 * SQLITE_FULL, PostgreSQL's disk_full (53100), or ENOSPC from below. Answered like any other
 * unavailability (503 with Retry-After, reads go on), but logged once, as the cause, rather than
 * once per refused write (issue 27, item 8).
 */
export function isStorageFull(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code } = err as { code?: unknown };
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC';
}

/** Retry-After (seconds) for a full disk: space is freed by a person, not in a few seconds. */
export const STORAGE_FULL_RETRY_AFTER_S = 60;

/** How often a disk that is still full is logged again, with the count of writes refused meanwhile. */
export const STORAGE_FULL_LOG_EVERY_MS = 10 * 60_000;

interface ErrorLog {
  error(obj: object, msg: string): void;
}

/**
 * Logs a full disk once, as an error naming the cause and what to do, with no stack; later refusals
 * are counted and logged again at most every STORAGE_FULL_LOG_EVERY_MS. One per app.
 */
export function storageFullLog(now: () => number = () => Date.now()) {
  let lastLoggedAt = -Infinity;
  let refusedSince = 0;
  return (log: ErrorLog, err: unknown): void => {
    refusedSince += 1;
    const at = now();
    if (at - lastLoggedAt < STORAGE_FULL_LOG_EVERY_MS) return;
    const { code, message } = err as { code?: unknown; message?: unknown };
    log.error(
      { code, cause: typeof message === 'string' ? message : undefined, refusedWrites: refusedSince },
      "the database's disk is full: writes are answered 503 until space is freed (reads go on); " +
        'free space on the volume that holds the database',
    );
    lastLoggedAt = at;
    refusedSince = 0;
  };
}
