import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { fromRoot } from './paths.js';

/**
 * Reads a JSON file, `path` relative to the project; one that cannot be read or parsed throws,
 * naming `what` it is, the file and why.
 */
export function readJsonFile(path: string, what: string): { file: string; json: unknown } {
  const file = fromRoot(path);
  try {
    return { file, json: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (err) {
    throw new Error(`${what} ${file} could not be read: ${(err as Error).message}`, { cause: err });
  }
}

/** `json` as `schema` reads it; otherwise throws "Invalid `source`" with every invalid field named. */
export function parseOrThrow<S extends z.ZodType>(schema: S, json: unknown, source: string): z.output<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid ${source}: ${problems}`);
  }
  return result.data;
}
