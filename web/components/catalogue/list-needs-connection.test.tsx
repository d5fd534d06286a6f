import { screen } from '@testing-library/react';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { setApiBaseUrl } from '../../lib/api-client';
import { probeServer } from '../../lib/online';
import { renderApp } from '../../test/render-app';

// Issue 28, item 9: a list this device never loaded, opened without a connection, says so.
describe('a list never loaded, opened offline', () => {
  afterEach(async () => {
    setApiBaseUrl(inject('apiUrl'));
    await probeServer();
  });

  test.each([
    ['/acts', 'acts'],
    ['/venues', 'venues'],
  ])('%s says it needs a connection instead of showing nothing', async (path, what) => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Port 9 (discard) is one fetch refuses to call: the calls get no response at all, as with no signal.
    setApiBaseUrl('http://127.0.0.1:9');
    await probeServer();
    renderApp(path);
    expect(await screen.findByText('This list needs a connection.')).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`the list of ${what} has not been opened on this device yet`)),
    ).toBeInTheDocument();
  });
});
