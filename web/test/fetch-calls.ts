import { vi } from 'vitest';

/**
 * Watches fetch without replacing it (calls still reach the real API) and lists each call as
 * "METHOD url", so a test can show what left the browser, and what did not.
 */
export function watchFetch(): () => string[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () =>
    spy.mock.calls.map(([input, init]) => {
      const url = input instanceof Request ? input.url : String(input);
      return `${init?.method ?? 'GET'} ${url}`;
    });
}
