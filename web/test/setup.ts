import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject, vi } from 'vitest';
import { setApiBaseUrl } from '../lib/api-client';
import { probeServer } from '../lib/online';
import './provided';

setApiBaseUrl(inject('apiUrl'));
// The first visit to a screen compiles its lazy chunk (zod, the form library) on a busy machine.
// At load average 16 (a CI run beside other work) the first one took 5-9 s.
configure({ asyncUtilTimeout: 10_000 });
// A test clicks through whole screens against a real server, sharing two cores with others.
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  // A test that made the server unreachable leaves the app thinking it is offline: the files
  // share their modules (isolate: false), so the next test starts from a server that answers.
  setApiBaseUrl(inject('apiUrl'));
  await probeServer();
});
