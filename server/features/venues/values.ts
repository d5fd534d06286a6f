import type { UpdateVenueInput } from '../../../contract/venues.js';
import { sanitizeRichTextField } from '../../lib/rich-text.js';
import { addressUrl } from './present.js';
import type { VenueValues } from './queries.js';

/**
 * The stored columns of the venue form's fields: the bio sanitized (its inline images split
 * out for `media`), address_url and the search text derived. A bad bio is a 400 on `bio`.
 */
export function venueValues(mapSearchUrl: string, input: UpdateVenueInput) {
  const bio = sanitizeRichTextField('bio', input.bio);
  const values: VenueValues = {
    address: input.address,
    address_url: addressUrl(mapSearchUrl, input.address),
    bio: bio.html,
    search_text: `${input.address}\n${bio.text}`.toLowerCase(),
    size_pref: input.size_pref,
    provide_electric: input.provide_electric,
    provide_sound_system: input.provide_sound_system,
    rain_date_available: input.rain_date_available,
  };
  return { values, images: bio.images };
}
