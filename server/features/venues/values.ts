import type { FestivalConfig } from '../../../contract/festival.js';
import { insideBounds } from '../../../contract/places.js';
import { badRequest } from '../../lib/errors.js';
import type { UpdateVenueInput } from '../../../contract/venues.js';
import type { SanitizedRichText } from '../../lib/rich-text.js';
import { directionsUrl, type DirectionsConfig } from './directions.js';
import type { VenueValues } from './queries.js';

/**
 * The stored columns of the venue form's fields: the bio sanitized (its inline images split
 * out for `media`), address_url and the search text derived. The bio comes sanitized: routes take it
 * from the worker pool (server/lib/rich-text-pool.ts), so a request never sanitizes on the event loop.
 * `directions`: the festival's map search and town, or the map search URL alone (the benches'
 * seeds); `stored`: the venue's pin as stored, which a body without one keeps, so the directions
 * link follows the pin the venue will have (server/features/venues/directions.ts).
 */
export function venueValues(
  directions: DirectionsConfig | string,
  input: UpdateVenueInput,
  bio: SanitizedRichText,
  stored?: { latitude: number | null; longitude: number | null },
) {
  const config = typeof directions === 'string' ? { map_search_url: directions } : directions;
  const pin = {
    latitude: input.latitude !== undefined ? input.latitude : (stored?.latitude ?? null),
    longitude: input.longitude !== undefined ? input.longitude : (stored?.longitude ?? null),
  };
  const values: VenueValues = {
    address: input.address,
    address_url: directionsUrl(config, { address: input.address, ...pin }),
    bio: bio.html,
    search_text: `${input.address}\n${bio.text}`.toLowerCase(),
    size_pref: input.size_pref,
    provide_electric: input.provide_electric,
    provide_sound_system: input.provide_sound_system,
    rain_date_available: input.rain_date_available,
    // Left out of the body, a field keeps its stored value (a new venue's column default).
    latitude: input.latitude,
    longitude: input.longitude,
    step_free: input.step_free,
    seating: input.seating,
    shade: input.shade,
    restroom_nearby: input.restroom_nearby,
    accessibility_note: input.accessibility_note,
  };
  return { values, images: bio.images };
}

const PIN_HALF = 'Give both latitude and longitude, or neither';

/**
 * A pin is both coordinates or neither, and must fall in the festival's box: a misplaced pin would send visitors to the wrong
 * street. Each coordinate is named on its own, so the form marks the right field.
 */
export function checkPin(
  map: FestivalConfig['map'],
  latitude: number | null | undefined,
  longitude: number | null | undefined,
) {
  if (latitude === undefined && longitude !== undefined) throw badRequest(PIN_HALF, 'latitude');
  if (longitude === undefined && latitude !== undefined) throw badRequest(PIN_HALF, 'longitude');
  if ((latitude === null) !== (longitude === null))
    throw badRequest(PIN_HALF, latitude === null ? 'latitude' : 'longitude');
  if (!map || latitude == null || longitude == null) return;
  const [[south, west], [north, east]] = map.bounds;
  if (latitude < south || latitude > north)
    throw badRequest(`Must be within the festival's area (latitude ${south} to ${north})`, 'latitude');
  if (longitude < west || longitude > east)
    throw badRequest(`Must be within the festival's area (longitude ${west} to ${east})`, 'longitude');
  if (!insideBounds(map.bounds, latitude, longitude))
    throw badRequest("Must be within the festival's area", 'latitude');
}
