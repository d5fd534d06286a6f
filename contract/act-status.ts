import type { Act } from './acts.js';

/**
 * What act cards show beside the schema, without zod (contract/choices.ts says why): the status
 * line and the preferred slots' numbers.
 */
export const ACT_STATUS = {
  looking: 'Looking for a host',
  scheduled: 'Scheduled to play',
} as const;

export function actStatus(act: Pick<Act, 'scheduled_venue_slots'>): string {
  return act.scheduled_venue_slots.length === 0 ? ACT_STATUS.looking : ACT_STATUS.scheduled;
}

/**
 * docs/behaviour.md#venue-and-act-cards: a preferred slot is shown without its first 5 characters
 * ('Slot 1' shows as '1').
 */
export function slotNumber(slotDef: string): string {
  return slotDef.slice(5);
}
