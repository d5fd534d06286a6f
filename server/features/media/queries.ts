import type { Queryable } from '../../db/schema.js';
import { MEDIA_PATH_PREFIX, type RichTextImage } from '../../lib/rich-text.js';

/**
 * Stores rich-text images by content: an image already stored (the same bytes in another bio,
 * or a bio saved again) is left as it is. Call inside the transaction that saves the text.
 */
export async function storeMedia(q: Queryable, images: RichTextImage[], now: Date): Promise<void> {
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

/** Any stored image, whoever may see it: for an address that carries its key (a message's). */
export function findMedia(q: Queryable, sha256: string) {
  return q.selectFrom('media').select(['mime_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}

/**
 * A stored image that something public shows: the bio of an act or a venue that is not hidden
 * (docs/decisions/0051). A picture in a deleted or hidden item's bio, one an edit replaced, or one
 * only in a message is not public. `sha256` is 64 hex digits (the route checks), so the pattern
 * holds no wildcard of its own; the address in a stored bio is always `/v1/media/<sha256>`.
 */
export function findPublicMedia(q: Queryable, sha256: string) {
  const shown = `%${MEDIA_PATH_PREFIX}${sha256}%`;
  return q
    .selectFrom('media')
    .select(['mime_type', 'bytes'])
    .where('sha256', '=', sha256)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('acts').select('acts.id').where('acts.hidden_at', 'is', null).where('acts.bio', 'like', shown),
        ),
        eb.exists(
          eb
            .selectFrom('venues')
            .select('venues.id')
            .where('venues.hidden_at', 'is', null)
            .where('venues.bio', 'like', shown),
        ),
      ]),
    )
    .executeTakeFirst();
}
