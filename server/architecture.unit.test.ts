import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './lib/paths.js';

/**
 * docs/ARCHITECTURE.md names every folder a reader meets: the top folders' own folders, and each
 * feature of the server and of the web app. A folder added without a line there fails here, so
 * the map is kept with the territory (issue 29, item 6).
 */
const architecture = readFileSync(fromRoot('docs', 'ARCHITECTURE.md'), 'utf8');

const foldersIn = (folder: string): string[] =>
  readdirSync(fromRoot(folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => join(folder, entry.name))
    .sort();

const expected = [
  ...['server', 'web', 'contract', 'scripts'].flatMap(foldersIn),
  ...foldersIn('server/features'),
  ...foldersIn('web/features'),
];

describe('docs/ARCHITECTURE.md', () => {
  it('names every folder of server/, web/, contract/ and scripts/, and every feature', () => {
    const missing = expected.filter((folder) => !architecture.includes(`${folder}/`));
    expect(missing, 'add a line for each to docs/ARCHITECTURE.md').toEqual([]);
  });

  it('sees the folders it checks', () => {
    expect(expected).toContain('server/features/acts');
    expect(expected).toContain('web/features/acts');
    expect(expected).toContain('server/db');
  });
});
