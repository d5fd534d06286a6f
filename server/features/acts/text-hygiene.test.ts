import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../contract/auth.js';
import { REQUIRED } from '../../../contract/forms.js';
import { TextMessages } from '../../../contract/text.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer } from '../../test/builders.js';
import { actBody, venueBody } from '../../test/catalogue-builders.js';

/** The contract's text hygiene (contract/text.ts) as the API answers it, and what it stores. */
const { t } = useTestApp({});

describe('text hygiene through the API', () => {
  it('refuses a sign-up name of five zero-width spaces with a 400 naming the name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { name: '\u200b'.repeat(5), email: 'zw@example.test', password: 'Porch-Music-1', roles: ['host'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: AuthMessages.nameRequired, fields: { name: AuthMessages.nameRequired } });
    const stored = await t.app.deps.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'zw@example.test')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an address of one zero-width space, and of whitespace only', async () => {
    const host = await buildHost(t.app);
    for (const address of ['\u200b', ' \t ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/venues',
        payload: venueBody({ address }),
        headers: host.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ address: REQUIRED });
    }
  });

  it('refuses an act name with a bidi override or a control character, and stores names in NFC', async () => {
    const performer = await buildPerformer(t.app);
    const create = (name: string) =>
      t.app.inject({ method: 'POST', url: '/v1/acts', payload: actBody({ name }), headers: performer.auth });
    expect((await create('Band \u202edlrow')).json().fields).toMatchObject({ name: TextMessages.bidi });
    expect((await create('Band\u0000\u0008')).json().fields).toMatchObject({ name: TextMessages.control });
    const res = await create('A\u030angstro\u0308m Trio');
    expect(res.statusCode).toBe(201);
    const row = await t.app.deps.db.kysely
      .selectFrom('acts')
      .select('name')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Ångström Trio');
  });
});
