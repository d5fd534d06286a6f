import { VenueAmenities } from '../../venues/components/venue-amenities';
import type { NowAndNext } from '../../../../contract/festival-time';
import type { ScheduleEntry } from '../../../../contract/schedule';
import type { ScheduleColumn } from '../../../lib/schedule-times';
import { ScheduleCellView } from './schedule-cell';
import { slotMarker } from './slot-tabs';
import { usePrinting } from '../lib/use-media';
import { useProgressive } from './use-progressive';

interface Props {
  entries: readonly ScheduleEntry[];
  columns: readonly ScheduleColumn[];
  state: NowAndNext;
  /** Whether a venue's slot passes the filters. */
  shows: (entry: ScheduleEntry, slot: number) => boolean;
}

/**
 * The spec's grid for wide screens and paper: Location and the four slot columns. Rows arrive
 * a batch at a time below the fold (300 porches would be thousands of elements at once);
 * printing renders every row.
 */
export function ScheduleGrid({ entries, columns, state, shows }: Props) {
  const printing = usePrinting();
  const { shown, sentinel } = useProgressive(entries.length, 12, 60, printing);
  return (
    <div className="schedule-table-wrap">
      <table className="table table-bordered schedule-table">
        <caption className="visually-hidden">Who plays where and when</caption>
        <thead>
          <tr>
            <th scope="col" className="schedule-location">
              Location
            </th>
            {columns.map((c, i) => {
              const marker = slotMarker(state, i);
              return (
                <th scope="col" key={c.key}>
                  {c.title}
                  {marker && ' '}
                  {marker && (
                    <span className={`badge ms-2 d-print-none slot-marker slot-marker-${marker.toLowerCase()}`}>
                      {marker}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {entries.slice(0, shown).map((entry) => (
            <tr key={entry.id}>
              <th scope="row">
                <a href={entry.address_url}>{entry.address}</a>
                <VenueAmenities venue={entry} className="mt-1 fw-normal" />
              </th>
              {columns.map((c, i) => {
                const cell = entry[c.key];
                return <td key={c.key}>{cell && shows(entry, i) && <ScheduleCellView cell={cell} />}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {shown < entries.length && <div ref={sentinel} className="progressive-sentinel" />}
    </div>
  );
}
