import '../../../components/catalogue/entry-card.css';
import { createElement } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { Genres, VenueSizePrefs, YesNo } from '../../../../contract/enums';
import type { Venue } from '../../../../contract/venues';
import { CreatorDetails } from '../../../components/catalogue/creator-details';
import { HiddenNotice } from '../../../components/catalogue/hidden-notice';
import { EntryActions } from '../../../components/catalogue/owner-actions';
import { BioExcerpt } from '../../../components/rich-text/bio-excerpt';
import { SafeHtml } from '../../../components/rich-text/safe-html';
import { useDeleteVenue } from '../api/delete-venue';
import { VenueAmenities } from './venue-amenities';
import { VenueSlots } from './venue-slots';

interface VenueCardProps {
  venue: Venue;
  /** h1 on the venue's own page, h2 in a list (h3 under a list's own h2). */
  headingLevel?: 1 | 2 | 3;
  /** In a list the address links to the venue's page; on that page it does not. */
  linkToDetail?: boolean;
  /**
   * Where to go once the venue is deleted (its own page leaves for the list,
   * docs/behaviour.md#states-and-transitions).
   */
  onDeleted?: () => void;
}

export function VenueCard({ venue, headingLevel = 2, linkToDetail = true, onDeleted }: VenueCardProps) {
  const remove = useDeleteVenue();
  const genres = venue.preferred_act_types.map((g) => Genres.labels[g]).join(', ');
  const title = linkToDetail ? <Link to={`/venues/${venue.id}`}>{venue.address}</Link> : venue.address;

  return (
    <Card as="article" className="h-100 venue-card" aria-label={`Venue: ${venue.address}`}>
      <Card.Body>
        {createElement(`h${headingLevel}`, { className: 'card-title h4' }, title)}
        <p className="mb-2">
          <a href={venue.address_url} target="_blank" rel="noopener noreferrer">
            View on map<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <HiddenNotice hidden={venue.hidden} />
        <CreatorDetails creator={venue.creator} />
        {linkToDetail ? (
          <BioExcerpt html={venue.bio} className="mb-3" />
        ) : (
          <SafeHtml html={venue.bio} className="mb-3" />
        )}
        <VenueAmenities venue={venue} />
        <dl className="row mb-2 small">
          <dt className="col-sm-5">Preferred genres</dt>
          <dd className="col-sm-7">{genres}</dd>
          <dt className="col-sm-5">Preferred act size</dt>
          <dd className="col-sm-7">{VenueSizePrefs.labels[venue.size_pref]}</dd>
          <dt className="col-sm-5">Electricity</dt>
          <dd className="col-sm-7">{YesNo.labels[venue.provide_electric]}</dd>
          <dt className="col-sm-5">Sound system</dt>
          <dd className="col-sm-7">{YesNo.labels[venue.provide_sound_system]}</dd>
          <dt className="col-sm-5">Rain date</dt>
          <dd className="col-sm-7">{venue.rain_date_available ? 'Available' : 'Not available'}</dd>
        </dl>
        {createElement(`h${headingLevel + 1}`, { className: 'h6 mb-1' }, 'Slots')}
        <VenueSlots slots={venue.available_slots} />
        <EntryActions
          path={`/venues/${venue.id}`}
          kind="venue"
          name={venue.address}
          creatorId={venue.creator_id}
          remove={{
            pending: remove.isPending,
            run: async () => {
              await remove.mutateAsync(venue.id);
              onDeleted?.();
            },
          }}
          ownerLinks={
            <Link className="btn btn-outline-primary btn-sm" to={`/venues/${venue.id}/slots/edit`}>
              Slots / Schedule
            </Link>
          }
        />
      </Card.Body>
    </Card>
  );
}
