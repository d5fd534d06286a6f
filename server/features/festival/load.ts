import { FestivalConfigSchema, type FestivalConfig } from '../../../contract/festival.js';
import { parseOrThrow, readJsonFile } from '../../lib/json-file.js';

/** Reads and validates the edition's configuration; a bad file stops the server with the field named. */
export function loadFestivalConfig(path: string): FestivalConfig {
  const { file, json } = readJsonFile(path, 'Festival configuration');
  return parseFestivalConfig(json, file);
}

export function parseFestivalConfig(json: unknown, source = 'festival configuration'): FestivalConfig {
  return parseOrThrow(FestivalConfigSchema, json, source);
}
