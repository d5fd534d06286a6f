import { useDeferredValue, useEffect } from 'react';
import { useFestival } from '../../../lib/festival';
import { useSchedule } from '../api/get-schedule';

/**
 * What a page built from the sets needs: the schedule and the festival. The page renders from a
 * deferred copy of the schedule: React renders it in slices that yield to the browser, not in one
 * long task on arrival (docs/decisions/0040-deferred-first-render.md). The first failure of either
 * is logged and returned as `error`.
 */
export function useSchedulePage() {
  const festival = useFestival();
  const schedule = useSchedule();
  const data = useDeferredValue(schedule.data);
  const error = schedule.error ?? festival.error;

  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  return { festival: festival.data, data, error };
}
