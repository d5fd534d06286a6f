import { describe, expect, it } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../../contract/auth.js';
import { useTestApp } from '../../test/use-test-app.js';

const { t } = useTestApp({}, { rateRules: { signupPerAddress: { limit: 1000, windowMinutes: 60, blockMinutes: 60 } } });

const valid = () => ({
  name: 'Pat Porchsitter',
  email: `pat-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Str0ng!pass',
  roles: ['host', 'performer'],
});

async function signup(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: body as object });
}

describe('POST /v1/auth/signup', () => {
  it('creates the account and answers with the session user', async () => {
    const body = valid();
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Pat Porchsitter',
      email: body.email,
      is_admin: false,
      is_host: true,
      is_performer: true,
    });
    expect(typeof user.jwt_token).toBe('string');
    expect(user).not.toHaveProperty('password_hash');
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/test/user',
      headers: { authorization: `Bearer ${user.jwt_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it.each([
    ['name missing', { name: undefined }, 'name', AuthMessages.nameRequired],
    ['name blank', { name: '   ' }, 'name', AuthMessages.nameRequired],
    ['name too short', { name: 'Pat' }, 'name', AuthMessages.nameTooShort],
    ['email missing', { email: undefined }, 'email', AuthMessages.emailRequired],
    ['email empty', { email: '' }, 'email', AuthMessages.emailRequired],
    ['email not an address', { email: 'pat@' }, 'email', AuthMessages.emailInvalid],
    ['password missing', { password: undefined }, 'password', AuthMessages.passwordRequired],
    ['password short', { password: 'Aa1!aaa' }, 'password', AuthMessages.passwordWeak],
    ['password without upper case', { password: 'aa1!aaaa' }, 'password', AuthMessages.passwordWeak],
    ['password without lower case', { password: 'AA1!AAAA' }, 'password', AuthMessages.passwordWeak],
    ['password without number', { password: 'Aa!aaaaa' }, 'password', AuthMessages.passwordWeak],
    ['password without symbol', { password: 'Aa1aaaaa' }, 'password', AuthMessages.passwordWeak],
    ['no roles', { roles: [] }, 'roles', AuthMessages.roleRequired],
    ['roles missing', { roles: undefined }, 'roles', AuthMessages.roleRequired],
  ])('refuses %s with the spec message', async (_label, change, field, message) => {
    const res = await signup({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(message);
    expect(body.message).toBe(message);
    expect(body.fields[field]).toBe(message);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const body = valid();
    expect((await signup(body)).statusCode).toBe(201);
    const again = await signup({ ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(AuthServerMessages.emailTaken);
  });

  it.each([
    ['roles includes admin', { roles: ['admin', 'host'] }],
    ['is_admin flag', { is_admin: true }],
    ['isAdmin flag', { isAdmin: true, admin: true }],
    ['role string', { role: 'admin' }],
    ['upper-case ADMIN role', { roles: ['ADMIN', 'performer'] }],
    ['roles as object', { roles: ['host', { admin: true }] }],
  ])('never makes an admin: %s', async (_label, change) => {
    const body = { ...valid(), ...change };
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().is_admin).toBe(false);
    const row = await t.testDb.db.kysely
      .selectFrom('users')
      .select('is_admin')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.is_admin).toBe(false);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/v1/test/admin',
      headers: { authorization: `Bearer ${res.json().jwt_token}` },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('refuses a body that only asks for admin', async () => {
    const res = await signup({ ...valid(), roles: ['admin'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.roles).toBe(AuthMessages.roleRequired);
  });
});
