import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RichTextImage } from '../../lib/rich-text.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Stores rich-text images by content: an image already stored (the same bytes in another bio,
 * or a bio saved again) is left as it is. Call inside the transaction that saves the text.
 */
export async function storeMedia(q: Q, images: RichTextImage[], now: Date): Promise<void> {
  for (const image of images) {
    await q
      .insertInto('media')
      .values({
        sha256: image.sha256,
        mime_type: image.mimeType,
        byte_size: image.bytes.length,
        bytes: image.bytes,
        created_at: now,
      })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
  }
}

export function findMedia(q: Q, sha256: string) {
  return q.selectFrom('media').select(['mime_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}
