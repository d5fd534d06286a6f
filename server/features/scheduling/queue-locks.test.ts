import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { actBody, buildAct, buildVenue, venueBody } from '../../test/catalogue-builders.js';

// PostgreSQL only: SQLite serializes every write and has no row locks to wait on.
const LOCK_WAIT_MS = 50;
const STATEMENT_TIMEOUT_MS = 1_000;
const HELD_MS = 400;
/** Longer than a statement may run: the queue's row held by a stalled process. */
const STALLED_MS = 1_800;
const SCHEDULE_ROW = 'SELECT version FROM schedule_version WHERE id = 1 FOR UPDATE';
const CATALOGUE_ROW = 'SELECT version FROM catalogue_version WHERE id = 1 FOR UPDATE';

describe.skipIf(testEngine !== 'postgres')(
  'writers queued on the schedule and catalogue versions wait their turn, not lock_timeout (postgres)',
  () => {
    let t: TestApp;
    let other: pg.Client;
    let host: BuiltUser;
    let performer: BuiltUser;

    beforeAll(async () => {
      // A lock wait far shorter than the time another writer holds the queue's lock below, and a
      // statement time-out longer than that but shorter than a stalled holder's.
      t = await createTestApp({
        dbLimits: { lockWaitMs: LOCK_WAIT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
      });
      const options = t.testDb.options;
      if (!('databaseUrl' in options)) throw new Error('expected a PostgreSQL database');
      other = new pg.Client({ connectionString: options.databaseUrl });
      await other.connect();
      host = await buildHost(t.app);
      performer = await buildPerformer(t.app);
      // One save first, so the rich-text sanitizer's worker has started before any time is taken.
      const first = await t.app.inject({
        method: 'POST',
        url: '/v1/venues',
        headers: host.auth,
        payload: venueBody({ address: '0 Queue Lane' }),
      });
      expect(first.statusCode).toBe(201);
    });
    afterAll(async () => {
      await other.end();
      await t.close();
    });

    /** The host's edit form saving porch `venue` with a new address. */
    const newAddress = (venue: number, address: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/venues/${venue}/no_slots`,
        headers: host.auth,
        payload: venueBody({ address }),
      });

    /** What the database holds in `column` of row `id` of `table`. */
    async function stored(table: 'venues' | 'acts', column: 'address' | 'name', id: number): Promise<unknown> {
      const { rows } = await other.query(`SELECT ${column} AS value FROM ${table} WHERE id = $1`, [id]);
      return (rows[0] as { value?: unknown } | undefined)?.value;
    }

    /** Runs `send` while another connection holds `lockSql`'s lock for `heldMs`; its status and time. */
    async function whileHeld(
      lockSql: string,
      send: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
      heldMs = HELD_MS,
    ) {
      await other.query('BEGIN');
      await other.query(lockSql);
      const started = Date.now();
      const release = new Promise<void>((resolve) => setTimeout(resolve, heldMs)).then(() => other.query('COMMIT'));
      const res = await send();
      const ms = Date.now() - started;
      await release;
      return { status: res.statusCode, retryAfter: res.headers['retry-after'], ms };
    }

    it("a porch's new address waits while another save holds the schedule's version, then is saved", async () => {
      const venue = await buildVenue(t.app, host, { address: '1 Queue Lane' });
      const { status, ms } = await whileHeld(SCHEDULE_ROW, () => newAddress(venue, '2 Queue Lane'));
      expect(status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(HELD_MS - 20);
      expect(await stored('venues', 'address', venue)).toBe('2 Queue Lane');
    });

    it("a renamed act waits while another save holds the catalogue's version (taken at commit), then is saved", async () => {
      const act = await buildAct(t.app, performer, { name: 'Waiting Band' });
      const { status, ms } = await whileHeld(CATALOGUE_ROW, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/v1/acts/${act}`,
          headers: performer.auth,
          payload: actBody({ name: 'Patient Band' }),
        }),
      );
      expect(status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(HELD_MS - 20);
      expect(await stored('acts', 'name', act)).toBe('Patient Band');
    });

    it("a porch's own row held elsewhere is still a quick 503 with Retry-After, and nothing is changed", async () => {
      const venue = await buildVenue(t.app, host, { address: '3 Queue Lane' });
      const { status, retryAfter, ms } = await whileHeld(`SELECT id FROM venues WHERE id = ${venue} FOR UPDATE`, () =>
        newAddress(venue, '4 Queue Lane'),
      );
      expect(status).toBe(503);
      expect(retryAfter).toBe('5');
      expect(ms).toBeLessThan(HELD_MS);
      expect(await stored('venues', 'address', venue)).toBe('3 Queue Lane');
    });

    it.each([
      ['schedule', SCHEDULE_ROW],
      ['catalogue (taken at commit, where PostgreSQL runs no statement time-out)', CATALOGUE_ROW],
    ])(
      "a save behind the %s version's row held by a stalled process is a 503 after the statement time-out, not a hang",
      async (_queue, row) => {
        const venue = await buildVenue(t.app, host, { address: '5 Queue Lane' });
        const { status, retryAfter, ms } = await whileHeld(row, () => newAddress(venue, '6 Queue Lane'), STALLED_MS);
        expect(status).toBe(503);
        expect(retryAfter).toBe('5');
        expect(ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
        expect(ms).toBeLessThan(STALLED_MS);
        expect(await stored('venues', 'address', venue)).toBe('5 Queue Lane');
      },
    );
  },
);
