import { useRef, type KeyboardEvent } from 'react';
import type { NowAndNext, SlotWindow } from '../../../../contract/festival-time';
import type { ScheduleSet } from '../lib/schedule-sets';
import { SetItem } from './set-item';
import { useProgressive } from './use-progressive';

interface Props {
  windows: readonly SlotWindow[];
  state: NowAndNext;
  /** The sets that pass the filters, slot by slot. */
  sets: readonly (readonly ScheduleSet[])[];
  /** With a search or filter on: each tab says how many of its sets match, and an empty slot leads to those that do. */
  filtered: boolean;
  selected: number;
  onSelect: (slot: number) => void;
}

export function slotMarker(state: NowAndNext, slot: number): 'Now' | 'Next' | null {
  if (state.now === slot) return 'Now';
  if (state.next === slot) return 'Next';
  return null;
}

/**
 * The phone's schedule by time: a sticky set of tabs, one per slot with its clock times and zone,
 * and the chosen slot's sets. Only that slot is rendered (the others when chosen), a batch at a
 * time, so a festival of 150 sets a slot stays light. Arrow keys move between the tabs.
 */
export function SlotTabs({ windows, state, sets, filtered, selected, onSelect }: Props) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = windows.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (selected + 1) % windows.length
        : event.key === 'ArrowLeft'
          ? (selected + last) % windows.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    choose(target);
  };
  const choose = (slot: number) => {
    onSelect(slot);
    tabs.current[slot]?.focus();
  };

  return (
    <div className="slot-tabs">
      {/* Arrow keys bubble up from the focused tab; the tabs, not the list, take focus. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label="Time slots" className="slot-switcher" onKeyDown={onKeyDown}>
        {windows.map((w, i) => {
          const marker = slotMarker(state, i);
          const matches = sets[i]?.length ?? 0;
          return (
            <button
              key={w.name}
              ref={(node) => {
                tabs.current[i] = node;
              }}
              type="button"
              role="tab"
              id={`slot-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={`slot-panel-${i}`}
              tabIndex={i === selected ? 0 : -1}
              className={`slot-tab${i === selected ? ' active' : ''}`}
              onClick={() => onSelect(i)}
            >
              <span className="slot-tab-time">{w.labelWithZone}</span>
              {filtered && <MatchCount count={matches} />}
              {marker && ' '}
              {marker && <span className={`badge slot-marker slot-marker-${marker.toLowerCase()}`}>{marker}</span>}
            </button>
          );
        })}
      </div>
      <SlotPanel
        key={selected}
        slot={selected}
        window={windows[selected]}
        marker={slotMarker(state, selected)}
        sets={sets[selected] ?? []}
        others={filtered ? windows.map((w, i) => ({ slot: i, window: w, count: sets[i]?.length ?? 0 })) : []}
        onChoose={choose}
      />
    </div>
  );
}

/** "(3)" on a tab, read as "3 matching sets" (the tab's name stays its time, then the count). */
function MatchCount({ count }: { count: number }) {
  return (
    <span className="slot-tab-count">
      <span aria-hidden="true">({count})</span>
      <span className="visually-hidden">, {matchingSets(count)}</span>
    </span>
  );
}

const matchingSets = (count: number) => `${count} matching ${count === 1 ? 'set' : 'sets'}`;

/**
 * The slot a filtered schedule opens at: the one it would open at (Now, or Next) when that has a
 * match, else the first later slot with one, else the first with one; unchanged when none has.
 */
export function firstSlotWithMatch(sets: readonly (readonly unknown[])[], open: number): number {
  const order = [...sets.keys()].filter((i) => i >= open).concat([...sets.keys()].filter((i) => i < open));
  return order.find((i) => (sets[i]?.length ?? 0) > 0) ?? open;
}

function SlotPanel({
  slot,
  window: w,
  marker,
  sets,
  others,
  onChoose,
}: {
  slot: number;
  window: SlotWindow | undefined;
  marker: 'Now' | 'Next' | null;
  sets: readonly ScheduleSet[];
  /** With the filters on, every slot and how many of its sets match: an empty slot offers the others. */
  others: readonly { slot: number; window: SlotWindow; count: number }[];
  onChoose: (slot: number) => void;
}) {
  const elsewhere = others.filter((o) => o.slot !== slot && o.count > 0);
  const { shown, sentinel } = useProgressive(sets.length, 16, 60);
  return (
    <section role="tabpanel" id={`slot-panel-${slot}`} aria-labelledby={`slot-tab-${slot}`} className="slot-panel">
      <h2 className="h5 mt-3">
        {w?.name}: {w?.labelWithZone}
        {marker && ' '}
        {marker && <span className={`badge ms-2 slot-marker slot-marker-${marker.toLowerCase()}`}>{marker}</span>}
      </h2>
      {sets.length === 0 ? (
        <>
          <p className="text-body-secondary">Nothing in this slot matches the filters.</p>
          {elsewhere.length > 0 && (
            <ul className="list-unstyled d-flex flex-wrap gap-2">
              {elsewhere.map((o) => (
                <li key={o.slot}>
                  <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onChoose(o.slot)}>
                    See {matchingSets(o.count)} at {o.window.labelWithZone}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <ul className="list-unstyled set-list">
          {sets.slice(0, shown).map((set) => (
            <SetItem key={set.key} set={set} />
          ))}
        </ul>
      )}
      {shown < sets.length && <div ref={sentinel} className="progressive-sentinel" />}
    </section>
  );
}
