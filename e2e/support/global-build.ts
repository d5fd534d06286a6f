import { ensureBuilt } from './server.js';

/**
 * The e2e project's global setup: one build, if the sources are newer than dist/, before any file
 * starts. Two files run at once, and each one's own `ensureBuilt()` then finds dist/ fresh instead
 * of both building into it together.
 */
export default function setup(): void {
  ensureBuilt();
}
