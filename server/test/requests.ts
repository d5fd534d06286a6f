import { expect } from 'vitest';
import { countRows as countMatches } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import type { BuiltUser } from './builders.js';
import type { TestApp } from './app.js';

export type Headers = Record<string, string>;
export type Query = Record<string, string | number | boolean>;

/** How many rows `table` holds now. */
export const countRows = (t: TestApp, table: keyof Database): Promise<number> =>
  countMatches(t.app.deps.db.kysely.selectFrom(table));

/**
 * POST, GET and DELETE on a catalogue collection (`/v1/acts`, `/v1/venues`), and `snapshot`: the
 * item as `admin` sees it, or null once it is gone, compared before and after a denied request.
 */
export function itemRequests<Item>(t: TestApp, collection: string, admin: BuiltUser) {
  const post = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: collection, headers, payload });
  const remove = (id: number, headers: Headers) =>
    t.app.inject({ method: 'DELETE', url: `${collection}/${id}`, headers });
  const get = (id: number | string, headers: Headers = {}) =>
    t.app.inject({ method: 'GET', url: `${collection}/${id}`, headers });
  async function snapshot(id: number): Promise<Item | null> {
    const res = await get(id, admin.auth);
    return res.statusCode === 404 ? null : res.json<Item>();
  }
  return { post, remove, get, snapshot };
}

/** GET on a list endpoint with a query, and `listOk`: the same, expecting a 200, read as `Page`. */
export function listRequests<Page>(t: TestApp, path: string) {
  const list = (query: Query, headers: Headers = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return t.app.inject({ method: 'GET', url: `${path}?${qs.toString()}`, headers });
  };
  async function listOk(query: Query, headers: Headers = {}): Promise<Page> {
    const res = await list(query, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  }
  return { list, listOk };
}
