import { useState } from 'react';
import { Link } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import { StarButton } from '../../favourites/star-button';
import { VenueAmenities } from '../../venues/components/venue-amenities';
import { excerpt, type ScheduleSet } from '../lib/schedule-sets';

/**
 * One set on the phone's schedule: the act (linked), its genre, the porch (linked to the venue
 * page) and the first lines of the description, opened in place. The description is plain text
 * from the server, so the whole of it costs nothing until it is asked for.
 */
export function SetItem({ set }: { set: ScheduleSet }) {
  const [open, setOpen] = useState(false);
  const { text, cut } = excerpt(set.cell.act_description);
  const descriptionId = `set-${set.key}-description`;
  return (
    <li className="set-item">
      <div className="set-item-head">
        <h3 className="h6 mb-0">
          <Link to={`/acts/${set.cell.act_id}`}>{set.cell.act_name}</Link>
        </h3>
        <StarButton actId={set.cell.act_id} actName={set.cell.act_name} />
      </div>
      <p className="set-item-meta">
        {GenreList.labels[set.cell.act_genre]} · <Link to={`/venues/${set.venueId}`}>{set.address}</Link>
      </p>
      <VenueAmenities venue={set.venue} className="mb-1" />
      <p id={descriptionId} className="set-item-description">
        {open ? set.cell.act_description : text}
      </p>
      {cut && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          aria-expanded={open}
          aria-controls={descriptionId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show more'}
          <span className="visually-hidden"> about {set.cell.act_name}</span>
        </button>
      )}
    </li>
  );
}
