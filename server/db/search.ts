import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './connection.js';

/** The escape character of every pattern built here: `\` itself, `%` and `_` follow it to be literal. */
const ESCAPE = '\\';

/** A LIKE pattern that matches `term` anywhere, with `%`, `_` and `\` in it taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => ESCAPE + c)}%`;
}

export interface ContainsOptions {
  /**
   * The column is stored lower-cased (the search_text columns are). The term is lower-cased
   * here and matched case-sensitively, which is then case-insensitive for every alphabet, not
   * just ASCII as SQLite's LIKE is; and PostgreSQL's LIKE scans about 7 times faster than its
   * ILIKE (measured on 10,000 rows of 850 characters: 48 ms against 344 ms).
   */
  lowerCaseColumn?: boolean;
}

/**
 * `column` contains `term`, ignoring case: ILIKE in PostgreSQL, LIKE in SQLite (which ignores
 * the case of ASCII letters), or LIKE on both for a lower-cased column; always with ESCAPE, so
 * `%`, `_` and `\` in the term are literal.
 */
export function containsInsensitive(
  dialect: Dialect,
  column: Expression<string>,
  term: string,
  options: ContainsOptions = {},
): Expression<SqlBool> {
  if (options.lowerCaseColumn) {
    return sql<SqlBool>`${column} LIKE ${containsPattern(term.toLowerCase())} ESCAPE ${sql.lit(ESCAPE)}`;
  }
  const operator = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  return sql<SqlBool>`${column} ${operator} ${containsPattern(term)} ESCAPE ${sql.lit(ESCAPE)}`;
}
