import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
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
  const table = useRef<HTMLTableElement>(null);
  const perLine = useCharactersPerLine(table);
  return (
    <div className="schedule-table-wrap">
      <table ref={table} className="table table-bordered schedule-table">
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
                return (
                  <td key={c.key}>{cell && shows(entry, i) && <ScheduleCellView cell={cell} perLine={perLine} />}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {shown < entries.length && <div ref={sentinel} className="progressive-sentinel" />}
    </div>
  );
}

/** Before the grid is measured (and on the server): a line of a slot column on a laptop. */
const DEFAULT_CHARS_PER_LINE = 24;
/** A character's mean width in the body font, in ems (a little over, so a cut errs short). */
const CHAR_WIDTH_EM = 0.56;

/**
 * About how many characters a line of a slot column holds: its width over the font's mean
 * character width, measured once and again when the table's width changes.
 */
function useCharactersPerLine(table: RefObject<HTMLTableElement | null>): number {
  const [perLine, setPerLine] = useState(DEFAULT_CHARS_PER_LINE);
  useLayoutEffect(() => {
    const node = table.current;
    const cell = node?.querySelector('thead th:nth-child(2)');
    if (!node || !cell || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(cell);
      const width = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const em = parseFloat(getComputedStyle(node).fontSize) || 16;
      if (width > 0) setPerLine(Math.max(8, Math.floor(width / (em * CHAR_WIDTH_EM))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [table]);
  return perLine;
}
