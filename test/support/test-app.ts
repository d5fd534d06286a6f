import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import type { BuiltUser } from '../../server/test/builders.js';

type Builder = (app: FastifyInstance) => Promise<BuiltUser>;

/**
 * One in-process app for a test file, on a fresh database of the engine under test: made before
 * the file's tests with the people `builders` make (in their order), closed after them. Read `t`
 * and `people` inside a test.
 */
export function useTestApp<Name extends string>(
  builders: Record<Name, Builder>,
  options: Parameters<typeof createTestApp>[0] = {},
): { readonly t: TestApp; readonly people: Record<Name, BuiltUser> } {
  let t: TestApp | undefined;
  const people = {} as Record<Name, BuiltUser>;
  beforeAll(async () => {
    t = await createTestApp(options);
    for (const [name, build] of Object.entries(builders) as Array<[Name, Builder]>) people[name] = await build(t.app);
  });
  afterAll(() => t?.close());
  return {
    get t() {
      if (!t) throw new Error('The test app is only available inside a test');
      return t;
    },
    people,
  };
}
