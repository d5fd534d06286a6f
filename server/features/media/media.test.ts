import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX_IMAGE_BYTES, RICH_TEXT_MAX_IMAGES } from '../../../contract/rich-text.js';
import { RichTextMessages } from '../../lib/rich-text.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer } from '../../test/builders.js';
import { actBody, venueBody } from '../../test/catalogue-builders.js';
import { countRows } from '../../test/requests.js';

const {
  t,
  people: { performer, host },
} = useTestApp({ performer: buildPerformer, host: buildHost });

/** A real 1×1 PNG, with `extra` bytes after it so each test can have an image of its own. */
function png(extra = 0, fill = 0): Buffer {
  const onePixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([onePixel, Buffer.alloc(extra, fill)]);
}
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const postAct = (bio: string) =>
  t.app.inject({ method: 'POST', url: '/v1/acts', headers: performer.auth, payload: actBody({ bio }) });
const getMedia = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

const mediaCount = () => countRows(t, 'media');

describe('inline images in a bio', () => {
  it('are stored by hash and served with a day of caching, revalidated, and no way to run anything', async () => {
    const image = png(10, 1);
    const res = await postAct(`<p>Our band <img src="${dataUrl(image)}" alt="us"></p>`);
    expect(res.statusCode).toBe(201);
    const bio: string = res.json().bio;
    expect(bio).toBe(`<p>Our band <img src="/v1/media/${sha(image)}" alt="us" /></p>`);

    const served = await getMedia(`/v1/media/${sha(image)}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400, must-revalidate',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      etag: `"${sha(image)}"`,
    });
    const again = await getMedia(`/v1/media/${sha(image)}`, { 'if-none-match': `"${sha(image)}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keep a list small: the bio carries the address, not the bytes', async () => {
    const image = png(300_000, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/venues',
      headers: host.auth,
      payload: venueBody({ address: '1 Picture Lane', bio: `<p>Porch <img src="${dataUrl(image)}"></p>` }),
    });
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/v1/venues?creator_id=${host.user.id}` });
    expect(list.body.length).toBeLessThan(2_000);
    expect(list.body).toContain(`/v1/media/${sha(image)}`);
  });

  it('are stored once however many bios use them', async () => {
    const image = png(20, 3);
    const before = await mediaCount();
    expect((await postAct(`<p><img src="${dataUrl(image)}"></p>`)).statusCode).toBe(201);
    expect((await postAct(`<p>again <img src="${dataUrl(image)}"></p>`)).statusCode).toBe(201);
    expect(await mediaCount()).toBe(before + 1);
  });

  it('keep their stored address when a bio is saved again', async () => {
    const image = png(30, 4);
    const created = (await postAct(`<p><img src="${dataUrl(image)}"></p>`)).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/acts/${created.id}`,
      headers: performer.auth,
      payload: actBody({ bio: created.bio.replace('</p>', ' edited</p>') }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe(`<p><img src="/v1/media/${sha(image)}" /> edited</p>`);
  });

  it(`refuse an image over ${RICH_TEXT_MAX_IMAGE_BYTES / 1024} KB with a 400 on bio, storing nothing`, async () => {
    const before = await mediaCount();
    const res = await postAct(`<p>big <img src="${dataUrl(png(RICH_TEXT_MAX_IMAGE_BYTES, 5))}"></p>`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ bio: RichTextMessages.imageTooLarge });
    expect(await mediaCount()).toBe(before);
  });

  it(`refuse more than ${RICH_TEXT_MAX_IMAGES} images, storing nothing`, async () => {
    const before = await mediaCount();
    const images = Array.from({ length: RICH_TEXT_MAX_IMAGES + 1 }, (_, i) => `<img src="${dataUrl(png(40 + i, 6))}">`);
    const res = await postAct(`<p>${images.join('')}</p>`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ bio: RichTextMessages.tooManyImages });
    expect(await mediaCount()).toBe(before);
  });

  it('drop a data address whose bytes are not an image, storing nothing', async () => {
    const before = await mediaCount();
    const res = await postAct(`<p>text <img src="${dataUrl(Buffer.from('<html><script>alert(1)</script>'))}"></p>`);
    expect(res.statusCode).toBe(201);
    expect(res.json().bio).toBe('<p>text </p>');
    expect(await mediaCount()).toBe(before);
  });
});

describe('GET /v1/media/{hash}', () => {
  it.each([`/v1/media/${'0'.repeat(64)}`, '/v1/media/not-a-hash', `/v1/media/${'A'.repeat(64)}`])(
    'answers 404 JSON for %s',
    async (path) => {
      const res = await getMedia(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    },
  );
});
