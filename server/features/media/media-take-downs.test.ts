import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { actBody, venueBody } from '../../test/catalogue-builders.js';

/**
 * Issue 27, item 3 (docs/decisions/0051): a picture goes with what carried it. A picture that no
 * visible act or venue shows any more (its act deleted, replaced by an edit, its act or venue
 * hidden) answers 404; a picture in a message is served only at the keyed address the message
 * carries; and no picture is cached as `immutable` for a year, so a removal reaches caches.
 */
const {
  t,
  people: { performer, host, admin, sender },
} = useTestApp({ performer: buildPerformer, host: buildHost, admin: buildAdmin, sender: buildPerformer });

/** A real 1×1 PNG, with bytes after it so each test has a picture (a hash) of its own. */
function png(extra: number, fill: number): Buffer {
  const onePixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([onePixel, Buffer.alloc(extra, fill)]);
}
const img = (bytes: Buffer) => `<img src="data:image/png;base64,${bytes.toString('base64')}">`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const mediaPath = (bytes: Buffer) => `/v1/media/${sha(bytes)}`;

const status = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).statusCode;

/** Creates an act or a venue through the API as `who`, expecting a 201. */
async function post(kind: 'acts' | 'venues', payload: object, who: BuiltUser): Promise<{ id: number; bio: string }> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/${kind}`, headers: who.auth, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const postAct = (bio: string, who: BuiltUser = performer) => post('acts', actBody({ bio }), who);

const setHidden = (kind: 'acts' | 'venues', id: number, hidden: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/admin/${kind}/${id}/hidden`,
    headers: admin.auth,
    payload: hidden ? { hidden, reason: 'Not festival material' } : { hidden },
  });

describe('a picture nothing public shows any more', () => {
  it('answers 404 once its act is deleted, and the 304 path too; a picture another act still shows stays', async () => {
    const gone = png(100, 1);
    const shared = png(101, 1);
    const act = await postAct(`<p>Ours ${img(gone)} ${img(shared)}</p>`);
    await postAct(`<p>Theirs ${img(shared)}</p>`);
    expect(await status(mediaPath(gone))).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/acts/${act.id}`, headers: performer.auth });
    expect(deleted.statusCode).toBe(204);
    expect(await status(mediaPath(gone))).toBe(404);
    // A browser revalidating the copy it holds hears the same.
    expect(await status(mediaPath(gone), { 'if-none-match': `"${sha(gone)}"` })).toBe(404);
    expect(await status(mediaPath(shared))).toBe(200);
  });

  it('answers 404 once an edit replaced it, while the new picture is served', async () => {
    const before = png(110, 2);
    const after = png(111, 2);
    const act = await postAct(`<p>${img(before)}</p>`);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/v1/acts/${act.id}`,
      headers: performer.auth,
      payload: actBody({ bio: `<p>New look ${img(after)}</p>` }),
    });
    expect(edit.statusCode).toBe(200);
    expect(await status(mediaPath(before))).toBe(404);
    expect(await status(mediaPath(after))).toBe(200);
  });

  it('answers 404 while its act or its venue is hidden, and 200 again once unhidden', async () => {
    const actPicture = png(120, 3);
    const venuePicture = png(121, 3);
    const act = await postAct(`<p>${img(actPicture)}</p>`);
    const { id: venueId } = await post(
      'venues',
      venueBody({ address: '3 Picture Row', bio: `<p>Porch ${img(venuePicture)}</p>` }),
      host,
    );

    expect((await setHidden('acts', act.id, true)).statusCode).toBe(200);
    expect((await setHidden('venues', venueId, true)).statusCode).toBe(200);
    expect(await status(mediaPath(actPicture))).toBe(404);
    expect(await status(mediaPath(venuePicture))).toBe(404);

    expect((await setHidden('acts', act.id, false)).statusCode).toBe(200);
    expect((await setHidden('venues', venueId, false)).statusCode).toBe(200);
    expect(await status(mediaPath(actPicture))).toBe(200);
    expect(await status(mediaPath(venuePicture))).toBe(200);
  });

  it('is cached a day at most and revalidated, never as immutable for a year', async () => {
    const picture = png(130, 4);
    await postAct(`<p>${img(picture)}</p>`);
    const res = await t.app.inject({ method: 'GET', url: mediaPath(picture) });
    expect(res.statusCode).toBe(200);
    const cache = String(res.headers['cache-control']);
    expect(cache).not.toContain('immutable');
    expect(cache).toContain('must-revalidate');
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeLessThanOrEqual(86_400);
  });
});

describe("a picture in a message (to an act's owner)", () => {
  it('is not served at its public address, only at the keyed address the message carries, to its reader and in the mail', async () => {
    const picture = png(140, 5);
    const act = await postAct('<p>Write to us</p>');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/comments',
      headers: sender.auth,
      payload: { entity_type: 'act', entity_id: act.id, message: `<p>Our porch: ${img(picture)}</p>` },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // Anyone who has (or guesses) the hash: nothing.
    expect(await status(mediaPath(picture))).toBe(404);

    // The owner reads the message: its picture's address carries a key, and that serves it, privately.
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/comments?entity_type=act&entity_id=${act.id}`,
      headers: performer.auth,
    });
    expect(list.statusCode).toBe(200);
    const message: string = list.json().data[0].message;
    const keyed = new RegExp(`src="(${mediaPath(picture)}\\?key=[0-9a-f]{32})"`).exec(message)?.[1];
    expect(keyed, message).toBeDefined();
    const served = await t.app.inject({ method: 'GET', url: keyed! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect(served.headers['cache-control']).toMatch(/^private, /);
    // A key made up, or another picture's, opens nothing.
    expect(await status(`${mediaPath(picture)}?key=${'0'.repeat(32)}`)).toBe(404);
    expect(await status(`${mediaPath(png(141, 5))}?key=${keyed!.split('key=')[1]}`)).toBe(404);

    // The owner's mail shows it too, at the keyed absolute address.
    await t.deliverMail();
    const mail = t.smtp.messages.find(
      (m) => m.envelopeTo.includes(performer.user.email) && m.html.includes('Our porch'),
    );
    expect(mail?.html).toContain(`src="http://porchfest.test${keyed}"`);
  });
});
