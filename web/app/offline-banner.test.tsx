import { screen, waitFor } from '@testing-library/react';
import { describe, expect, inject, test, vi } from 'vitest';
import { setApiBaseUrl } from '../lib/api-client';
import { probeServer } from '../lib/online';
import { renderApp } from '../test/render-app';

const offlineBanner = () => screen.queryByText(/^Offline/);

describe('the offline banner', () => {
  test('shows when the server does not answer though the browser says it is online, and goes when it answers', async () => {
    expect(navigator.onLine).toBe(true);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(offlineBanner()).toBeNull();

    vi.spyOn(window, 'confirm').mockReturnValue(false);
    // Port 9 (discard) is one fetch refuses to call ("bad port"): the call gets no response at all, as with no signal.
    setApiBaseUrl('http://127.0.0.1:9');
    await probeServer(); // as the app does on start, on the browser's "online", and every 5 s while offline
    expect(await screen.findByText(/^Offline/)).toBeInTheDocument();
    expect(screen.getByText(/sending a form needs a connection/)).toBeInTheDocument();

    setApiBaseUrl(inject('apiUrl'));
    await probeServer();
    await waitFor(() => expect(offlineBanner()).toBeNull());
  });
});
