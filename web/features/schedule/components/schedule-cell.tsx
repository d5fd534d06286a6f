import { Link } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import type { ScheduleCell } from '../../../../contract/schedule';
import { StarButton } from '../../favourites/star-button';

/** The act's name linking to its page, its description clamped to 10 lines, its genre, its star. */
export function ScheduleCellView({ cell }: { cell: ScheduleCell }) {
  return (
    <>
      <div className="schedule-cell-head">
        <Link to={`/acts/${cell.act_id}`} className="schedule-act">
          {cell.act_name}
        </Link>
        <StarButton actId={cell.act_id} actName={cell.act_name} className="d-print-none" />
      </div>
      {/* Plain text from the server (decision 0007): React renders it as text, nothing to sanitize. */}
      <p className="line-clamp schedule-description">{cell.act_description}</p>
      <p className="schedule-genre">{GenreList.labels[cell.act_genre] ?? cell.act_genre}</p>
    </>
  );
}
