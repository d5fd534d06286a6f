import { readFileSync } from 'node:fs';
import { FestivalConfigSchema, type FestivalConfig } from '../../../contract/festival.js';
import { fromRoot } from '../../lib/paths.js';

/** Reads and validates the edition's configuration; a bad file stops the server with the field named. */
export function loadFestivalConfig(path: string): FestivalConfig {
  const file = fromRoot(path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Festival configuration ${file} could not be read: ${(err as Error).message}`, { cause: err });
  }
  return parseFestivalConfig(json, file);
}

export function parseFestivalConfig(json: unknown, source = 'festival configuration'): FestivalConfig {
  const result = FestivalConfigSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid ${source}: ${problems}`);
  }
  return result.data;
}
