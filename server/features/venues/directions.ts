import type { FestivalConfig } from '../../../contract/festival.js';
import { fullAddress } from '../../../contract/places.js';
import type { Queryable } from '../../db/schema.js';

/** What a venue's directions are built from: the festival's map search and town (festival.config.json). */
export type DirectionsConfig = Pick<FestivalConfig, 'map_search_url' | 'town'>;

/** Where a porch is: its address as the host wrote it, and its pin when it has one. */
export interface Place {
  address: string;
  latitude?: number | null;
  longitude?: number | null;
}

/** The pin as "latitude,longitude", or null without one. */
export function pinText(place: Place): string | null {
  if (place.latitude == null || place.longitude == null) return null;
  return `${place.latitude},${place.longitude}`;
}

/**
 * The venue's directions link (`address_url`): the map search for its pin when it has one, which
 * reaches the porch itself, else for its full address with the festival's town, so a street name
 * several towns share finds this one (issue 28, item 5).
 */
export function directionsUrl(config: DirectionsConfig, place: Place): string {
  return config.map_search_url + encodeURIComponent(pinText(place) ?? fullAddress(config.town, place.address));
}

/**
 * Brings every stored directions link up to the configuration and the pins at start: links
 * written before the pin or the town counted, or before the festival named its town, would
 * otherwise keep sending visitors to a bare street name until the host saved the venue again.
 * Writes only the links that differ, so a start with nothing to change writes nothing.
 */
export async function refreshDirections(q: Queryable, config: DirectionsConfig): Promise<number> {
  const venues = await q
    .selectFrom('venues')
    .select(['id', 'address', 'address_url', 'latitude', 'longitude'])
    .execute();
  let changed = 0;
  for (const venue of venues) {
    const url = directionsUrl(config, venue);
    if (url === venue.address_url) continue;
    await q.updateTable('venues').set({ address_url: url }).where('id', '=', venue.id).execute();
    changed++;
  }
  return changed;
}
