import { Link } from 'react-router';
import { Genres } from '../../../../contract/enums';
import type { ScheduleCell } from '../../../../contract/schedule';

/** Spec 2: the act's name linking to its page, its description clamped to 10 lines, its genre. */
export function ScheduleCellView({ cell }: { cell: ScheduleCell }) {
  return (
    <>
      <Link to={`/acts/${cell.act_id}`} className="schedule-act">
        {cell.act_name}
      </Link>
      {/* Plain text from the server (decision 0007): React renders it as text, nothing to sanitize. */}
      <p className="schedule-description">{cell.act_description}</p>
      <p className="schedule-genre">{Genres.labels[cell.act_genre] ?? cell.act_genre}</p>
    </>
  );
}
