import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './connection.js';

/** The escape character of every pattern built here: `\` itself, `%` and `_` follow it to be literal. */
const ESCAPE = '\\';

/** A LIKE pattern that matches `term` anywhere, with `%`, `_` and `\` in it taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => ESCAPE + c)}%`;
}

/**
 * `column` contains `term`, ignoring case: ILIKE in PostgreSQL, LIKE in SQLite (which ignores
 * case by default). SQLite folds ASCII letters only, so columns searched with this should be
 * stored lower-cased and the term lower-cased by the caller (the search_text columns are).
 */
export function containsInsensitive(dialect: Dialect, column: Expression<string>, term: string): Expression<SqlBool> {
  const operator = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  return sql<SqlBool>`${column} ${operator} ${containsPattern(term)} ESCAPE ${sql.lit(ESCAPE)}`;
}
