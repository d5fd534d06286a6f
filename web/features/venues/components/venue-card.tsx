import { Link } from 'react-router';
import { GenreList, VenueSizePrefList, YesNoList } from '../../../../contract/choices';
import type { Venue } from '../../../../contract/venues';
import { CreatorDetails } from '../../../components/catalogue/creator-details';
import { CardSubheading, EntryBio, Fact } from '../../../components/catalogue/card-content';
import { EntryCard, EntryCardTitle, type EntryCardOptions } from '../../../components/catalogue/entry-card';
import { HiddenNotice } from '../../../components/catalogue/hidden-notice';
import { EntryActions } from '../../../components/catalogue/owner-actions';
import { useDeleteVenue } from '../api/delete-venue';
import { VenueAmenities } from './venue-amenities';
import { VenueSlots } from './venue-slots';

interface VenueCardProps extends EntryCardOptions {
  venue: Venue;
}

export function VenueCard({ venue, headingLevel = 2, linkToDetail = true, onDeleted }: VenueCardProps) {
  const remove = useDeleteVenue();
  const path = `/venues/${venue.id}`;
  const genres = venue.preferred_act_types.map((g) => GenreList.labels[g]).join(', ');

  return (
    <EntryCard className="venue-card" label={`Venue: ${venue.address}`}>
      <EntryCardTitle level={headingLevel} to={linkToDetail ? path : undefined}>
        {venue.address}
      </EntryCardTitle>
      <p className="mb-2">
        <a href={venue.address_url} target="_blank" rel="noopener noreferrer">
          View on map<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <HiddenNotice hidden={venue.hidden} />
      <CreatorDetails creator={venue.creator} />
      <EntryBio html={venue.bio} excerpt={linkToDetail} headingLevel={headingLevel} />
      <VenueAmenities venue={venue} />
      <dl className="row mb-2 small">
        <Fact term="Preferred genres">{genres}</Fact>
        <Fact term="Preferred act size">{VenueSizePrefList.labels[venue.size_pref]}</Fact>
        <Fact term="Electricity">{YesNoList.labels[venue.provide_electric]}</Fact>
        <Fact term="Sound system">{YesNoList.labels[venue.provide_sound_system]}</Fact>
        <Fact term="Rain date">{venue.rain_date_available ? 'Available' : 'Not available'}</Fact>
      </dl>
      <CardSubheading level={headingLevel}>Slots</CardSubheading>
      <VenueSlots slots={venue.available_slots} />
      <EntryActions
        kind="venue"
        path={path}
        entry={venue}
        name={venue.address}
        remove={remove}
        onDeleted={onDeleted}
        ownerLinks={
          <Link className="btn btn-outline-primary btn-sm" to={`${path}/slots/edit`}>
            Slots / Schedule
          </Link>
        }
      />
    </EntryCard>
  );
}
