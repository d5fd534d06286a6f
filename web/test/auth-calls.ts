import { vi } from 'vitest';

/**
 * Watches fetch without replacing it (calls still reach the real API) and reports the
 * calls made to /v1/auth/*, so a test can show that bad input never left the browser.
 */
export function watchAuthCalls(): () => string[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () =>
    spy.mock.calls
      .map(([input]) => (input instanceof Request ? input.url : String(input)))
      .filter((url) => url.includes('/v1/auth/'));
}
