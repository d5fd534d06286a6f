import type { Act } from '../../../contract/acts.js';
import { SLOT_DEFS, type SlotDef } from '../../../contract/enums.js';
import { canSeeHidden } from '../auth/policy.js';
import { showsSet, type SetsShown } from '../scheduling/sets-shown.js';
import { presentOwnership, type Viewer } from '../auth/creator.js';
import type { ActRecord } from './queries.js';

const slotOrder = (s: SlotDef) => SLOT_DEFS.indexOf(s);

/**
 * `viewer`: who the answer is for; null for anyone (a list kept for every visitor). The act's
 * sets at a venue the committee hid show only to the act's owner and admins, and the act's own
 * hiding only reaches them (docs/behaviour.md#moderation). `shown`: before the release, and on
 * the rain date for a set that cannot happen that day, a set shows only to the act's owner, the
 * venue's owner and admins (docs/decisions/0054-rain-date-and-release.md).
 */
export function presentAct(act: ActRecord, viewer: Viewer, shown: SetsShown): Act {
  return {
    id: act.id,
    name: act.name,
    bio: act.bio,
    type: act.type,
    size: act.size,
    preferred_slots: [...act.preferred_slots].sort((a, b) => slotOrder(a) - slotOrder(b)),
    venue_pref: act.venue_pref,
    sound_system: act.sound_system,
    rain_date_available: act.rain_date_available,
    scheduled_venue_slots: act.scheduled
      .filter((s) => !s.hidden || canSeeHidden(viewer, act.creator_id))
      .filter((s) =>
        showsSet(shown, viewer, {
          venueOwner: s.venue_creator_id,
          actOwner: act.creator_id,
          venueRain: s.venue_rain_date_available,
          actRain: act.rain_date_available,
        }),
      )
      .map((s) => ({ slot_def: s.slot_def, venue: s.venue }))
      .sort((a, b) => slotOrder(a.slot_def) - slotOrder(b.slot_def)),
    ...presentOwnership(act, viewer),
  };
}
