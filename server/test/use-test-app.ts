import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import type { BuiltUser } from './builders.js';

type Builder = (app: FastifyInstance) => Promise<BuiltUser>;

/**
 * One in-process app for a test file, on a fresh database of the engine under test: made before
 * the file's tests with the people `builders` make (in their order), closed after them. `t` and
 * each person can be named at the top of the file; their fields are read inside a test.
 */
export function useTestApp<Name extends string>(
  builders: Record<Name, Builder>,
  options: Parameters<typeof createTestApp>[0] = {},
): { readonly t: TestApp; readonly people: Record<Name, BuiltUser> } {
  let made: TestApp | undefined;
  const built = {} as Record<Name, BuiltUser>;
  beforeAll(async () => {
    made = await createTestApp(options);
    for (const [name, build] of Object.entries(builders) as Array<[Name, Builder]>) built[name] = await build(made.app);
  });
  afterAll(() => made?.close());
  const people = {} as Record<Name, BuiltUser>;
  for (const name of Object.keys(builders) as Name[]) {
    people[name] = readThrough<BuiltUser>({ user: true, token: true, password: true, auth: true }, () => built[name]);
  }
  const t = readThrough<TestApp>(
    { app: true, testDb: true, clock: true, smtp: true, deliverMail: true, flushNotices: true, close: true },
    () => made,
  );
  return { t, people };
}

/** An object whose fields are those of what `current` returns once a beforeAll hook has made it. */
function readThrough<T extends object>(fields: Record<keyof T, true>, current: () => T | undefined): T {
  const standIn = {} as T;
  for (const field of Object.keys(fields) as Array<keyof T>) {
    Object.defineProperty(standIn, field, {
      enumerable: true,
      get() {
        const value = current();
        if (!value) throw new Error('The test app is only available inside a test');
        return value[field];
      },
    });
  }
  return standIn;
}
