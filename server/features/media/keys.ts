import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_PATH_PREFIX } from '../../lib/rich-text.js';

/**
 * Keys for pictures that are not public (docs/decisions/0051): a picture in a message is served
 * only at an address that carries its key (`/v1/media/<sha256>?key=…`), which only the message
 * itself holds (the mail, and the message as its sender, the owner and admins read it). An image
 * element sends no Authorization header, so the address is the permission. The key is an HMAC of
 * the hash with the server's session key: stable, so a mail stays readable, and changed with
 * JWT_SECRET.
 */
export interface MediaKeys {
  key(sha256: string): string;
  /** Whether `key` is the key of `sha256`. */
  verify(sha256: string, key: string | undefined): boolean;
  /** Stored rich text with each stored picture's address keyed. */
  sign(html: string): string;
}

const MEDIA_SRC = new RegExp(`src="${MEDIA_PATH_PREFIX.replace(/\//g, '\\/')}([0-9a-f]{64})"`, 'g');

export function mediaKeys(secret: Uint8Array): MediaKeys {
  const key = (sha256: string) => createHmac('sha256', secret).update(`media:${sha256}`).digest('hex').slice(0, 32);
  return {
    key,
    verify(sha256, given) {
      if (!given || !/^[0-9a-f]{32}$/.test(given)) return false;
      return timingSafeEqual(Buffer.from(key(sha256)), Buffer.from(given));
    },
    sign: (html) =>
      html.replace(MEDIA_SRC, (_, sha256: string) => `src="${MEDIA_PATH_PREFIX}${sha256}?key=${key(sha256)}"`),
  };
}
