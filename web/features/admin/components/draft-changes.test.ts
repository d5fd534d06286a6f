import { describe, expect, test } from 'vitest';
import { changesApplied, slotKey, slotsOf, type DraftChangeRow } from './draft-changes';

const row = (change: DraftChangeRow['change'], venue_id: number, slot_def: 'Slot 1' | 'Slot 2', act_id: number) =>
  ({
    change,
    venue_id,
    slot_def,
    act_id,
    score: 0,
    reasons: [],
    warnings: [],
    address: `${venue_id} Oak Street`,
    act_name: `Act ${act_id}`,
  }) satisfies DraftChangeRow;

describe('the changes an apply of ticked venue slots makes, as the server works them out', () => {
  // Act 1 moves from venue 10 Slot 1 to venue 20 Slot 2; act 2 takes its old slot; act 3 is new.
  const removal = row('removed', 10, 'Slot 1', 1);
  const move = row('moved', 20, 'Slot 2', 1);
  const taker = row('new', 10, 'Slot 1', 2);
  const fresh = row('new', 30, 'Slot 1', 3);
  const changes = [removal, move, taker, fresh];

  test('a new set alone', () => {
    expect(changesApplied(changes, new Set([slotKey(fresh)]))).toEqual([fresh]);
  });

  test("a move takes its act's old set's removal along, not the new set given that slot", () => {
    expect(changesApplied(changes, new Set([slotKey(move)]))).toEqual([removal, move]);
  });

  test('a venue slot names every change there: the removal and the act given the slot', () => {
    expect(changesApplied(changes, new Set([slotKey(removal)]))).toEqual([removal, taker]);
  });

  test('nothing ticked, nothing applied', () => {
    expect(changesApplied(changes, new Set())).toEqual([]);
  });

  test('each venue slot named once, in the order of the changes', () => {
    expect(slotsOf(changes)).toEqual([
      { venue_id: 10, slot_def: 'Slot 1' },
      { venue_id: 20, slot_def: 'Slot 2' },
      { venue_id: 30, slot_def: 'Slot 1' },
    ]);
  });
});
