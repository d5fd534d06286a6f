import type { DraftAssignment } from '../../../../contract/drafts';

/** A draft's change other than a kept set. */
export type DraftChangeRow = DraftAssignment & { change: 'new' | 'moved' | 'removed' };

/** The venue slot an apply names (`{ venue_id, slot_def }`), as one string. */
export const slotKey = (a: Pick<DraftAssignment, 'venue_id' | 'slot_def'>) => `${a.venue_id}|${a.slot_def}`;

/** One change, as one string: a venue slot can hold a removal and a new set at once. */
export const changeKey = (a: DraftAssignment) => `${a.change}|${a.venue_id}|${a.slot_def}|${a.act_id}`;

export const isChange = (a: DraftAssignment): a is DraftChangeRow => a.change !== 'kept';

/**
 * The changes an apply naming `chosen` venue slots makes, as the server works them out
 * (server/features/drafts/service.ts, selectChanges): every change at each named venue slot, and a
 * moved set takes its act's old set's removal along, so an act never plays twice.
 */
export function changesApplied(changes: readonly DraftChangeRow[], chosen: ReadonlySet<string>): DraftChangeRow[] {
  const picked = new Set<DraftChangeRow>();
  for (const c of changes) {
    if (!chosen.has(slotKey(c))) continue;
    picked.add(c);
    if (c.change === 'moved')
      for (const r of changes) if (r.change === 'removed' && r.act_id === c.act_id) picked.add(r);
  }
  return changes.filter((c) => picked.has(c));
}

/** The venue slots, in the draft's order and each once, that name `changes` in an apply. */
export function slotsOf(
  changes: readonly DraftChangeRow[],
): { venue_id: number; slot_def: DraftAssignment['slot_def'] }[] {
  const seen = new Set<string>();
  const slots = [];
  for (const c of changes) {
    const key = slotKey(c);
    if (seen.has(key)) continue;
    seen.add(key);
    slots.push({ venue_id: c.venue_id, slot_def: c.slot_def });
  }
  return slots;
}
