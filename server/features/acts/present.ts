import type { Act } from '../../../contract/acts.js';
import {
  SLOT_DEFS,
  type ActSize,
  type Genre,
  type PerformerSoundSystem,
  type SlotDef,
} from '../../../contract/enums.js';
import { presentCreator, type Viewer } from '../profiles/creator.js';
import type { ActRecord } from './queries.js';

const slotOrder = (s: string) => SLOT_DEFS.indexOf(s as SlotDef);

export function presentAct(act: ActRecord, viewer: Viewer): Act {
  return {
    id: act.id,
    name: act.name,
    bio: act.bio,
    creator_id: act.creator_id,
    creator: presentCreator(act.creator, viewer),
    type: act.type as Genre,
    size: act.size as ActSize,
    preferred_slots: [...act.preferred_slots].sort((a, b) => slotOrder(a) - slotOrder(b)) as SlotDef[],
    venue_pref: act.venue_pref,
    sound_system: act.sound_system as PerformerSoundSystem,
    rain_date_available: act.rain_date_available,
    scheduled_venue_slots: act.scheduled
      .map((s) => ({ slot_def: s.slot_def as SlotDef, venue: s.venue }))
      .sort((a, b) => slotOrder(a.slot_def) - slotOrder(b.slot_def)),
    created_time: act.created_at.toISOString(),
    updated_time: act.updated_at.toISOString(),
  };
}
