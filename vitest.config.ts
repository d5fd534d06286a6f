import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        // Every API test runs against a real database: SQLite, or PostgreSQL when
        // TEST_DATABASE_URL is set (see server/test/database.ts).
        test: {
          name: 'api',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Issue 7's faults: SMTP down, SIGKILL and SIGTERM of the built server, two app processes
        // on one database. One file at a time: they start real processes on a 2-core machine.
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          // A bound against a hang, not a speed target: 20 kill-and-restart rounds took 72 s on a
          // quiet machine and over 240 s on a heavily shared one.
          testTimeout: 900_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Issue 7's attacks: the authorization matrix, fuzzing, headers, audit and logs. One file at a
        // time: the fuzzing and the built-server runs each keep a core busy.
        test: {
          name: 'attacks',
          include: ['test/attacks/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          // A real API server (fresh database) for the screens to talk to: nothing is stubbed.
          globalSetup: ['web/test/api-server.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
