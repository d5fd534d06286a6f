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
          // Each file builds its own app on its own fresh database, so the files share nothing but
          // the imported modules: importing them once per worker instead of once per file takes the
          // project from about 150 s to 40 s (docs/decisions/0036-ci-time-budget.md).
          isolate: false,
        },
      },
      {
        // The fault tests (docs/decisions/0013-festival-day-operations.md): SMTP down, SIGKILL and
        // SIGTERM of the built server, two app processes on one database. One file at a time: they
        // start real processes on a 2-core machine.
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
        // The attack suite (docs/decisions/0012-attack-suite.md): the authorization matrix,
        // fuzzing, headers, audit and logs. One file at a time: the fuzzing and the built-server
        // runs each keep a core busy.
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
          // Each test renders a fresh app with a fresh query cache (web/test/render-app.tsx) and the
          // DOM and storage are cleared after it, so files need not re-import React and the screens:
          // about 105 s to 45 s (docs/decisions/0036-ci-time-budget.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // A bound against a hang: with two files at once on a shared machine, a long walk-through
          // took 65 s (load average 15).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: each starts its own built server on a free port with its own data
          // directory and browser, and a file keeps about 0.6 of a core busy, the rest being waits
          // for the browser and the network (docs/decisions/0036-ci-time-budget.md).
          fileParallelism: true,
          maxWorkers: 2,
          globalSetup: ['e2e/support/global-build.ts'],
        },
      },
    ],
  },
});
