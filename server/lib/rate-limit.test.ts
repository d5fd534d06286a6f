import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/database.js';
import { hit, rateKey } from './rate-limit.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const rule = { limit: 3, windowMinutes: 60, blockMinutes: 5 };
const at = (minutes: number) => new Date(Date.UTC(2025, 4, 1, 12, 0) + minutes * 60_000);

describe('database rate limits', () => {
  it('allows the limit, then blocks for blockMinutes, then starts a fresh window', async () => {
    const key = rateKey('test', 'a');
    expect(await hit(t.db, key, rule, at(0))).toBe(0);
    expect(await hit(t.db, key, rule, at(1))).toBe(0);
    expect(await hit(t.db, key, rule, at(2))).toBe(0);
    expect(await hit(t.db, key, rule, at(3))).toBeGreaterThan(0);
    expect(await hit(t.db, key, rule, at(6))).toBeGreaterThan(0);
    // The block (set at minute 2) ends at minute 7, well inside the 60-minute window.
    expect(await hit(t.db, key, rule, at(7.5))).toBe(0);
    expect(await hit(t.db, key, rule, at(8))).toBe(0);
  });

  it('keeps keys apart', async () => {
    for (let i = 0; i < 3; i++) await hit(t.db, rateKey('test', 'b'), rule, at(0));
    expect(await hit(t.db, rateKey('test', 'b'), rule, at(1))).toBeGreaterThan(0);
    expect(await hit(t.db, rateKey('test', 'c'), rule, at(1))).toBe(0);
  });

  it('resets when the window has passed', async () => {
    const key = rateKey('test', 'd');
    await hit(t.db, key, rule, at(0));
    await hit(t.db, key, rule, at(1));
    expect(await hit(t.db, key, rule, at(61))).toBe(0);
    expect(await hit(t.db, key, rule, at(62))).toBe(0);
  });
});
