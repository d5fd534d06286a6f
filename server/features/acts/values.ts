import type { ActInput } from '../../../contract/acts.js';
import { sanitizeRichTextField, type SanitizedRichText } from '../../lib/rich-text.js';
import type { ActValues } from './queries.js';

/**
 * The stored columns of the act form's fields: the bio sanitized (its inline images split out
 * for `media`) and the search text derived. A bad bio is a 400 on `bio`. Routes pass the bio as
 * the worker pool sanitized it (server/lib/rich-text-pool.ts).
 */
export function actValues(input: ActInput, bio: SanitizedRichText = sanitizeRichTextField('bio', input.bio)) {
  const values: ActValues = {
    name: input.name,
    bio: bio.html,
    search_text: `${input.name}\n${bio.text}`.toLowerCase(),
    type: input.type,
    size: input.size,
    venue_pref: input.venue_pref ?? null,
    sound_system: input.sound_system,
    rain_date_available: input.rain_date_available,
  };
  return { values, images: bio.images };
}
