/**
 * True when an error means the database cannot serve right now (busy, locked, unreachable,
 * restarting, out of connections) rather than that the request was wrong. Such errors are
 * answered with 503 and Retry-After; the pool reconnects by itself when the database returns.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
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
