import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../test/builders.js';
import { useTestApp } from '../../test/use-test-app.js';

const {
  t,
  people: { performer, hostAndPerformer },
} = useTestApp({
  performer: buildPerformer,
  hostAndPerformer: (app) => buildUser(app, { host: true, performer: true }),
});

/**
 * docs/ARCHITECTURE.md#how-a-request-flows: every route signs the caller in and checks the role
 * before it reads the body, so whatever a non-admin sends to the committee's desk, the answer is
 * the same 403 (anonymous: 401), never a 400 describing the admin's form. (A body that is not JSON at
 * all is refused by the parser before any route runs.)
 */
describe('every /v1/admin/ route of the OpenAPI document', () => {
  it('answers 403 to a performer and a host, and 401 to no one signed in, whatever the body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace('{name}', 'venues').replace(/\{\w+\}/g, '1');
      for (const payload of method === 'GET' || method === 'DELETE' ? [undefined] : [{}, { junk: true }]) {
        for (const [who, headers, want] of [
          ['performer', performer.auth, 403],
          ['host and performer', hostAndPerformer.auth, 403],
          ['no one', {}, 401],
        ] as const) {
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined
              ? {}
              : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
          });
          if (res.statusCode !== want)
            failures.push(`${method} ${path} as ${who} with ${JSON.stringify(payload)}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
