import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Looking away and back, as a phone's browser reports it. */
function lookAgain() {
  focusManager.setFocused(false);
  focusManager.setFocused(true);
}

test('an open page asks for the festival again when looked at after five minutes, not before', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const fetched = vi.spyOn(globalThis, 'fetch');
  const asks = () =>
    fetched.mock.calls.filter(([url]) => (url instanceof Request ? url.url : url.toString()).endsWith('/v1/festival'))
      .length;
  renderApp('/admin');
  await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Porchfest 2025' });
  const first = asks();
  expect(first).toBe(1);

  vi.setSystemTime(Date.now() + 4 * 60_000);
  lookAgain();
  await new Promise((r) => setTimeout(r, 50));
  expect(asks()).toBe(first);

  // The committee may have switched to the rain date meanwhile: the page asks, and reads the answer.
  vi.setSystemTime(Date.now() + 2 * 60_000);
  lookAgain();
  await waitFor(() => expect(asks()).toBe(first + 1));
});
