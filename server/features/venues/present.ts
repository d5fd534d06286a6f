import { Genres, SLOT_DEFS, type Genre } from '../../../contract/enums.js';
import type { Venue } from '../../../contract/venues.js';
import { canSeeHidden } from '../auth/policy.js';
import { showsSet, type SetsShown } from '../scheduling/sets-shown.js';
import { presentOwnership, type Viewer } from '../auth/creator.js';
import type { VenueRecord } from './queries.js';

const genreOrder = (g: Genre) => Genres.values.indexOf(g);

/**
 * `viewer`: who the answer is for; null for anyone (a list kept for every visitor). An act the
 * committee hid shows in the venue's slot only to the venue's owner and admins; to anyone else
 * the slot reads as free. The venue's own hiding only reaches them (docs/behaviour.md#moderation).
 * `shown`: before the release, and on the rain date for a set that cannot happen that day, a
 * slot's act shows only to the venue's owner, the act's owner and admins
 * (docs/decisions/0054-rain-date-and-release.md).
 */
export function presentVenue(venue: VenueRecord, viewer: Viewer, shown: SetsShown): Venue {
  return {
    id: venue.id,
    address: venue.address,
    address_url: venue.address_url,
    bio: venue.bio,
    // Stored as rows, shown in the spec's order of genres.
    preferred_act_types: [...venue.genres].sort((a, b) => genreOrder(a) - genreOrder(b)),
    available_slots: venue.slots
      .map((s) => ({
        id: s.id,
        slot_def: s.slot_def,
        scheduled_act:
          s.scheduled_act &&
          (!s.scheduled_act.hidden || canSeeHidden(viewer, venue.creator_id)) &&
          showsSet(shown, viewer, {
            venueOwner: venue.creator_id,
            actOwner: s.scheduled_act.creator_id,
            venueRain: venue.rain_date_available,
            actRain: s.scheduled_act.rain_date_available,
          })
            ? { id: s.scheduled_act.id, name: s.scheduled_act.name }
            : null,
      }))
      .sort((a, b) => SLOT_DEFS.indexOf(a.slot_def) - SLOT_DEFS.indexOf(b.slot_def)),
    size_pref: venue.size_pref,
    provide_electric: venue.provide_electric,
    provide_sound_system: venue.provide_sound_system,
    rain_date_available: venue.rain_date_available,
    latitude: venue.latitude,
    longitude: venue.longitude,
    step_free: venue.step_free,
    seating: venue.seating,
    shade: venue.shade,
    restroom_nearby: venue.restroom_nearby,
    accessibility_note: venue.accessibility_note,
    ...presentOwnership(venue, viewer),
  };
}
