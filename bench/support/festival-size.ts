import { FULL_FESTIVAL, type FestivalSize } from '../../test/support/festival-seed.js';
import { envNumber } from './env-number.js';

/**
 * The festival a bench seeds through the API: the issue-sized one (300 porches, 600 acts), or the
 * size BENCH_VENUES and BENCH_ACTS ask for (a smaller one shows a bench works in seconds).
 */
export function benchFestivalSize(): FestivalSize {
  return {
    venues: envNumber('BENCH_VENUES', FULL_FESTIVAL.venues),
    acts: envNumber('BENCH_ACTS', FULL_FESTIVAL.acts),
  };
}
