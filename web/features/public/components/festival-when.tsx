import type { FestivalResponse } from '../../../../contract/festival';
import { festivalDayOf } from '../../../lib/festival-day';
import { dateAndTime } from '../lib/festival-text';

/**
 * The festival day and the rain date, as the home and event pages show them (docs/behaviour.md#home). Once the
 * committee has switched to the rain date, "When" is the rain date and the first date is named
 * as the one it moved from.
 */
export function FestivalWhen({ festival }: { festival: FestivalResponse }) {
  if (festival.rain_date_active) {
    return (
      <dl className="festival-when">
        <dt>When</dt>
        <dd>{dateAndTime(festivalDayOf(festival))} (the rain date)</dd>
        <dt>Moved from</dt>
        <dd>{dateAndTime(festival.event)}</dd>
      </dl>
    );
  }
  return (
    <dl className="festival-when">
      <dt>When</dt>
      <dd>{dateAndTime(festival.event)}</dd>
      <dt>Rain date</dt>
      <dd>{dateAndTime(festival.rain_date)}</dd>
    </dl>
  );
}
