import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDb, type TestDb } from '../test/database.js';
import { ListCache } from './list-cache.js';

/**
 * The kept list pages are bounded by count and by bytes, and an outsized page is sent but not
 * kept: however many distinct queries arrive, or however long the bios, the memory stays bounded.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.destroy());

describe('the kept list pages\u2019 memory', () => {
  it('stays within its byte budget, the least recently used pages going first', async () => {
    const cache = new ListCache(testDb.db, z.object({ data: z.string() }), {
      maxEntries: 1000,
      maxBytes: 50_000,
      maxPageBytes: 20_000,
    });
    const app = Fastify();
    app.get<{ Params: { n: string }; Querystring: { size?: string } }>('/pages/:n', (request, reply) =>
      cache.send(request, reply, request.params.n, async () => ({
        data: `${request.params.n}:`.padEnd(Number(request.query.size ?? 10_000), 'x'),
      })),
    );
    try {
      for (let n = 0; n < 20; n++) {
        const res = await app.inject({ method: 'GET', url: `/pages/${n}`, headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode).toBe(200);
        expect(cache.size.bytes).toBeLessThanOrEqual(50_000);
      }
      // About four pages of 10 KB (and their gzip copies) fit; the newest are the ones kept.
      expect(cache.size.pages).toBeGreaterThanOrEqual(3);
      expect(cache.size.pages).toBeLessThan(6);

      // A page over the per-page cap is answered in full, and not kept.
      const before = cache.size;
      const big = await app.inject({ method: 'GET', url: '/pages/big?size=30000' });
      expect(big.statusCode).toBe(200);
      expect(big.json<{ data: string }>().data).toHaveLength(30_000);
      expect(cache.size).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('refuses to send a page the response schema does not describe', async () => {
    const cache = new ListCache(testDb.db, z.object({ data: z.array(z.number()) }));
    const app = Fastify();
    app.get('/bad', (request, reply) => cache.send(request, reply, 'bad', async () => ({ data: ['not a number'] })));
    try {
      const res = await app.inject({ method: 'GET', url: '/bad' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('not a number');
    } finally {
      await app.close();
    }
  });
});
