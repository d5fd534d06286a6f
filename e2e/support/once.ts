/**
 * `make` run on the first call only; every later call gets the same promise. For a file's seed:
 * made by whichever test needs it first, so that each test also runs on its own (`-t`).
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
