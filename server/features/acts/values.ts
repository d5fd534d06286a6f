import type { ActInput } from '../../../contract/acts.js';
import type { SanitizedRichText } from '../../lib/rich-text.js';
import type { ActValues } from './queries.js';

/**
 * The stored columns of the act form's fields: the bio sanitized (its inline images split out
 * for `media`) and the search text derived. The bio comes sanitized: routes take it from the
 * worker pool (server/lib/rich-text-pool.ts), so a request never sanitizes on the event loop.
 */
export function actValues(input: ActInput, bio: SanitizedRichText) {
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
