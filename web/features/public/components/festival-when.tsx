import type { FestivalConfig } from '../../../../contract/festival';
import { dateAndTime } from '../lib/festival-text';

/** The festival day and the rain date, as the home and event pages show them (spec 1). */
export function FestivalWhen({ festival }: { festival: FestivalConfig }) {
  return (
    <dl className="festival-when">
      <dt>When</dt>
      <dd>{dateAndTime(festival.event)}</dd>
      <dt>Rain date</dt>
      <dd>{dateAndTime(festival.rain_date)}</dd>
    </dl>
  );
}
