import { Link } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import type { ScheduleCell } from '../../../../contract/schedule';
import { StarButton } from '../../favourites/star-button';
import { clampToLines } from '../lib/schedule-sets';

/** docs/behaviour.md#schedule: a cell's description shows 10 lines. */
export const DESCRIPTION_LINES = 10;

/**
 * The act's name linking to its page, its description clamped to 10 lines, its genre, its star.
 * The description is cut to those lines as text, not only by the style sheet, so a screen reader
 * reads what shows; `perLine`: about how many characters a line of the column holds.
 */
export function ScheduleCellView({ cell, perLine }: { cell: ScheduleCell; perLine: number }) {
  const { text } = clampToLines(cell.act_description, DESCRIPTION_LINES, perLine);
  return (
    <>
      <div className="schedule-cell-head">
        <Link to={`/acts/${cell.act_id}`} className="schedule-act">
          {cell.act_name}
        </Link>
        <StarButton actId={cell.act_id} actName={cell.act_name} className="d-print-none" />
      </div>
      {/* Plain text from the server (decision 0007): React renders it as text, nothing to sanitize. */}
      <p className="line-clamp schedule-description">{text}</p>
      <p className="schedule-genre">{GenreList.labels[cell.act_genre] ?? cell.act_genre}</p>
    </>
  );
}
