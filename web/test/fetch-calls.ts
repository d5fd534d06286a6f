import { onTestFinished, vi } from 'vitest';

/**
 * Watches fetch without replacing it (calls still reach the real API) and lists each call as
 * "METHOD url", so a test can show what left the browser, and what did not. The watch ends with
 * the test.
 */
export function watchFetch(): () => string[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  onTestFinished(() => spy.mockRestore());
  return () =>
    spy.mock.calls.map(([input, init]) => {
      const url = input instanceof Request ? input.url : String(input);
      return `${init?.method ?? 'GET'} ${url}`;
    });
}

/** The query of each GET of `path` among `calls` (watchFetch's), in order. */
export const getQueries = (calls: string[], path: string) =>
  calls
    .filter((c) => c.startsWith('GET ') && new URL(c.slice(4)).pathname === path)
    .map((c) => new URL(c.slice(4)).searchParams);
