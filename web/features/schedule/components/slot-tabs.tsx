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
export function SlotTabs({ windows, state, sets, selected, onSelect }: Props) {
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
    onSelect(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="slot-tabs">
      {/* Arrow keys bubble up from the focused tab; the tabs, not the list, take focus. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label="Time slots" className="slot-switcher" onKeyDown={onKeyDown}>
        {windows.map((w, i) => {
          const marker = slotMarker(state, i);
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
      />
    </div>
  );
}

function SlotPanel({
  slot,
  window: w,
  marker,
  sets,
}: {
  slot: number;
  window: SlotWindow | undefined;
  marker: 'Now' | 'Next' | null;
  sets: readonly ScheduleSet[];
}) {
  const { shown, sentinel } = useProgressive(sets.length, 16, 60);
  return (
    <section role="tabpanel" id={`slot-panel-${slot}`} aria-labelledby={`slot-tab-${slot}`} className="slot-panel">
      <h2 className="h5 mt-3">
        {w?.name}: {w?.labelWithZone}
        {marker && ' '}
        {marker && <span className={`badge ms-2 slot-marker slot-marker-${marker.toLowerCase()}`}>{marker}</span>}
      </h2>
      {sets.length === 0 ? (
        <p className="text-body-secondary">Nothing in this slot matches the filters.</p>
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
