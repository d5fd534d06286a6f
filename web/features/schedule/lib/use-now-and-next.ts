import { useEffect, useMemo, useState } from 'react';
import { nowAndNext, type NowAndNext, type SlotWindow } from '../../../../contract/festival-time';
import { useDrawnAt } from '../../../lib/drawn-at';
import { festivalDayOf, festivalSlotWindows, type FestivalResponse } from '../../../lib/festival-day';

// setTimeout takes at most a 32-bit delay; a later change is reached in steps.
const MAX_DELAY = 2 ** 31 - 1;

/**
 * What plays now and next, in the festival's zone, and moving on by itself: a timer wakes the
 * page when the answer changes (a slot starts or ends, the festival day begins).
 */
export function useNowAndNext(festival: FestivalResponse): {
  windows: readonly SlotWindow[];
  state: NowAndNext;
  /** The instant the answer was read at (epoch ms). */
  now: number;
} {
  const windows = useMemo(() => festivalSlotWindows(festival), [festival]);
  const date = festivalDayOf(festival).date;
  // A page the server drew is taken over at the moment it was drawn, then reads this device's clock
  // (read when the component mounted, and again whenever the answer changes).
  const drawnAt = useDrawnAt();
  const [clock, setClock] = useState(() => Date.now());
  const now = drawnAt ?? clock;
  const state = useMemo(() => nowAndNext(windows, now, date, festival.timezone), [windows, now, date, festival]);

  useEffect(() => {
    if (state.changesAt === null) return;
    const delay = Math.min(Math.max(state.changesAt - Date.now(), 0) + 50, MAX_DELAY);
    const timer = setTimeout(() => setClock(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [state.changesAt]);

  return { windows, state, now };
}
