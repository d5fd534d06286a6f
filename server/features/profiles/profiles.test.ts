import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../contract/auth.js';
import type { UserResources } from '../../../contract/profiles.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser } from '../../test/builders.js';
import { buildAct, buildVenue } from '../../test/catalogue-builders.js';

const {
  t,
  people: { both, someoneElse, admin },
} = useTestApp({
  both: (app) => buildUser(app, { name: 'Robin Both', host: true, performer: true }),
  someoneElse: buildHost,
  admin: buildAdmin,
});
beforeAll(async () => {
  await buildVenue(t.app, both, { address: '1 Robin Row' });
  await buildAct(t.app, both, { name: 'Robin and the Rails' });
  await buildVenue(t.app, someoneElse, { address: '2 Other Way' });
  await buildAct(t.app, await buildPerformer(t.app), { name: 'Someone Else’s Band' });
});

const byId = (id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/user/${id}/resources`, headers });
const byEmail = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/user/resources?email=${encodeURIComponent(email)}`, headers });

/** Expects `res` to be a 200 carrying Robin's name and venue; returns its body. */
function robinsResources(res: Awaited<ReturnType<typeof byId>>): UserResources {
  expect(res.statusCode).toBe(200);
  const body = res.json<UserResources>();
  expect(body.name).toBe('Robin Both');
  expect(body.venues.map((v) => v.address)).toEqual(['1 Robin Row']);
  return body;
}

describe('GET /v1/auth/user/{id}/resources', () => {
  it('gives anyone the user’s name, venues and acts, and no e-mail address', async () => {
    const res = await byId(both.user.id);
    const body = robinsResources(res);
    expect(body.acts.map((a) => a.name)).toEqual(['Robin and the Rails']);
    expect(body.venues[0]!.creator).toEqual({ name: 'Robin Both' });
    expect(res.body).not.toContain(both.user.email);
    expect(res.body).not.toContain('@');
  });

  it('shows no e-mail address even to an admin', async () => {
    const res = await byId(both.user.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@');
  });

  it('gives empty lists for a user who created nothing', async () => {
    const nobody = await buildUser(t.app, { name: 'Quiet Quinn' });
    expect((await byId(nobody.user.id)).json()).toEqual({ name: 'Quiet Quinn', venues: [], acts: [] });
  });

  it('answers 404 for an unknown user and 400 for an id that is not a number', async () => {
    expect((await byId(987654)).statusCode).toBe(404);
    expect((await byId('robin')).statusCode).toBe(400);
  });
});

describe('GET /v1/auth/user/resources?email= (the profile screen, admins and the person themselves)', () => {
  it('gives an admin the resources of the user with that e-mail, in any case', async () => {
    const body = robinsResources(await byEmail(both.user.email.toUpperCase(), admin.auth));
    expect(body.acts.map((a) => a.name)).toEqual(['Robin and the Rails']);
    // An admin sees creator details on cards everywhere (docs/behaviour.md#roles-and-permissions),
    // here too.
    expect(body.acts[0]!.creator).toEqual({ name: 'Robin Both', email: both.user.email, roles: ['host', 'performer'] });
  });

  it.each([
    ['anonymous', () => ({}), 401],
    ['a host', () => someoneElse.auth, 403],
  ])('refuses %s: e-mail addresses are private', async (_label, headers, status) => {
    const res = await byEmail(both.user.email, headers());
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain('Robin');
  });

  it('gives a person who is not an admin their own resources, whatever the case of the address', async () => {
    const body = robinsResources(await byEmail(both.user.email.toUpperCase(), both.auth));
    // Not an admin: creator details stay as anyone sees them.
    expect(body.acts[0]!.creator).toEqual({ name: 'Robin Both' });
  });

  it('refuses a person who is not an admin the resources of someone else', async () => {
    const res = await byEmail(someoneElse.user.email, both.auth);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('2 Other Way');
  });

  it('answers 404 for an address with no account', async () => {
    expect((await byEmail('nobody@example.test', admin.auth)).statusCode).toBe(404);
  });

  it('answers 400 for something that is not an e-mail address', async () => {
    const res = await byEmail('robin', admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe(AuthMessages.emailInvalid);
  });
});
