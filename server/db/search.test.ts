import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/database.js';
import { containsInsensitive, containsPattern, type ContainsOptions } from './search.js';

/** Runs the helper on the real engine (SQLite, or PostgreSQL with TEST_DATABASE_URL) over a few words. */
let t: TestDb;
const WORDS = [
  '100% Porch',
  '1000 Porch',
  'a_b',
  'axb',
  'back\\slash',
  'backslash',
  'Maple STREET',
  'école',
  'ÉCOLE',
  'plain',
];

beforeAll(async () => {
  t = await createTestDb();
  await sql`CREATE TABLE search_probe (word VARCHAR(50) NOT NULL, lowered VARCHAR(50) NOT NULL)`.execute(t.db.kysely);
  for (const word of WORDS) {
    await sql`INSERT INTO search_probe (word, lowered) VALUES (${word}, ${word.toLowerCase()})`.execute(t.db.kysely);
  }
});
afterAll(() => t.destroy());

async function matches(term: string, options: ContainsOptions = {}): Promise<string[]> {
  const column = options.lowerCaseColumn ? sql.ref<string>('lowered') : sql.ref<string>('word');
  const { rows } = await sql<{
    word: string;
  }>`SELECT word FROM search_probe WHERE ${containsInsensitive(t.db.dialect, column, term, options)} ORDER BY word`.execute(
    t.db.kysely,
  );
  return rows.map((r) => r.word).sort();
}

describe('containsPattern', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe.each([
  ['any column', {}],
  ['a lower-cased column', { lowerCaseColumn: true }],
] as const)('containsInsensitive on %s', (_label, options) => {
  it('matches anywhere in the value, ignoring ASCII case', async () => {
    expect(await matches('street', options)).toEqual(['Maple STREET']);
    expect(await matches('PLE st', options)).toEqual(['Maple STREET']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await matches('100%', options)).toEqual(['100% Porch']);
    expect(await matches('%', options)).toEqual(['100% Porch']);
    expect(await matches('a_b', options)).toEqual(['a_b']);
    expect(await matches('_', options)).toEqual(['a_b']);
    expect(await matches('k\\s', options)).toEqual(['back\\slash']);
  });

  it('matches nothing for a term that is nowhere', async () => {
    expect(await matches('zzz', options)).toEqual([]);
  });
});

describe('containsInsensitive on a lower-cased column', () => {
  it('ignores case beyond ASCII, in either engine', async () => {
    expect(await matches('ÉCOLE', { lowerCaseColumn: true })).toEqual(['ÉCOLE', 'école']);
    expect(await matches('école', { lowerCaseColumn: true })).toEqual(['ÉCOLE', 'école']);
  });
});
