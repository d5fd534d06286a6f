import type { FastifyInstance } from 'fastify';
import type { Db, DbLimits } from '../db/connection.js';
import { buildApp } from '../app.js';
import type { NoticeTiming, RateRules } from '../deps.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import type { Clock } from '../lib/clock.js';
import { smtpTransport } from '../mail/transport.js';
import { flushScheduleNotices } from '../features/scheduling/notices.js';
import { createTestDb, type TestDb } from './database.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2025-05-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDb;
  clock: TestClock;
  smtp: SmtpSink;
  /** Deliver the outbox now (the worker is not started in tests); due scheduling notices first. */
  deliverMail(): Promise<number>;
  /**
   * Turn due scheduling notices into outbox rows, as the worker does at the start of a run, without
   * delivering anything. Returns how many mails were queued.
   */
  flushNotices(): Promise<number>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    rateRules?: Partial<RateRules>;
    clock?: TestClock;
    mailRatePerHour?: number;
    /**
     * Scheduling notices are due at once here (delay 0), so a test's deliverMail() sends a save's
     * notice; a test of coalescing sets the delay (docs/decisions/0038-coalesced-notices.md).
     */
    notices?: Partial<NoticeTiming>;
    /** The database's time-outs (docs/decisions/0032-locked-database.md); the defaults otherwise. */
    dbLimits?: Partial<DbLimits>;
  } = {},
): Promise<TestApp> {
  // Read the configuration first: if it is invalid, nothing has been opened that would keep
  // the test process alive.
  const festival = loadFestivalConfig('festival.config.json');
  const testDb = await createTestDb(options.dbLimits);
  const smtp = await startSmtpSink();
  const clock = options.clock ?? new TestClock();
  const app = await buildApp({
    db: testDb.db,
    festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://porchfest.test',
    clock,
    mailTransport: smtpTransport(smtp.url, 'Porchfest <no-reply@porchfest.test>'),
    rateRules: options.rateRules,
    mailRatePerHour: options.mailRatePerHour,
    notices: { delayMs: 0, ...options.notices },
    webRoot: '/nonexistent',
  });
  await app.ready();
  return {
    app,
    testDb,
    clock,
    smtp,
    deliverMail: () => app.outbox.runOnce(),
    flushNotices: () => flushScheduleNotices(app.deps),
    async close() {
      await app.close();
      await smtp.close();
      await testDb.destroy();
    },
  };
}

/**
 * Another app process on `t`'s database, as behind a load balancer: `t`'s festival and clock, and
 * `t`'s connection unless given one of its own. The caller closes it.
 */
export async function secondApp(t: TestApp, db: Db = t.testDb.db): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    festival: t.app.deps.festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://porchfest.test',
    clock: t.clock,
    webRoot: '/nonexistent',
  });
  await app.ready();
  return app;
}
