import '../../../components/catalogue/entry-card.css';
import { createElement } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { slotNumber, type Act } from '../../../../contract/acts';
import { ActSizes, Genres, PerformerSoundSystems } from '../../../../contract/enums';
import { CreatorDetails } from '../../../components/catalogue/creator-details';
import { HiddenNotice } from '../../../components/catalogue/hidden-notice';
import { EntryActions } from '../../../components/catalogue/owner-actions';
import { BioExcerpt } from '../../../components/rich-text/bio-excerpt';
import { SafeHtml } from '../../../components/rich-text/safe-html';
import { apiHref } from '../../../lib/api-client';
import { StarButton } from '../../favourites/star-button';
import { useDeleteAct } from '../api/delete-act';
import { ActStatus } from './act-status';

interface ActCardProps {
  act: Act;
  /** h1 on the act's own page, h2 in a list (h3 under a list's own h2). */
  headingLevel?: 1 | 2 | 3;
  /** In a list the name links to the act's page; on that page it does not. */
  linkToDetail?: boolean;
  /**
   * Where to go once the act is deleted (its own page leaves for the list,
   * docs/behaviour.md#states-and-transitions).
   */
  onDeleted?: () => void;
}

export function ActCard({ act, headingLevel = 2, linkToDetail = true, onDeleted }: ActCardProps) {
  const remove = useDeleteAct();
  const title = linkToDetail ? <Link to={`/acts/${act.id}`}>{act.name}</Link> : act.name;
  // docs/behaviour.md#venue-and-act-cards: a preferred slot shows as its number ('Slot 1' shows as
  // '1').
  const preferred = [...act.preferred_slots].sort().map(slotNumber).join(', ');

  return (
    <Card as="article" className="h-100 act-card" aria-label={`Act: ${act.name}`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          {createElement(`h${headingLevel}`, { className: 'card-title h4' }, title)}
          <StarButton actId={act.id} actName={act.name} />
        </div>
        <p className="mb-2 text-body-secondary">
          {Genres.labels[act.type]} · {ActSizes.labels[act.size]}
        </p>
        <HiddenNotice hidden={act.hidden} />
        <CreatorDetails creator={act.creator} />
        {linkToDetail ? <BioExcerpt html={act.bio} className="mb-3" /> : <SafeHtml html={act.bio} className="mb-3" />}
        <dl className="row mb-2 small">
          <dt className="col-sm-5">Preferred slots</dt>
          <dd className="col-sm-7">{preferred}</dd>
          {act.venue_pref && (
            <>
              <dt className="col-sm-5">Venue preference</dt>
              <dd className="col-sm-7">{act.venue_pref}</dd>
            </>
          )}
          <dt className="col-sm-5">Sound system</dt>
          <dd className="col-sm-7">{PerformerSoundSystems.labels[act.sound_system]}</dd>
          <dt className="col-sm-5">Rain date</dt>
          <dd className="col-sm-7">{act.rain_date_available ? 'Available' : 'Not available'}</dd>
        </dl>
        {createElement(`h${headingLevel + 1}`, { className: 'h6 mb-1' }, 'Status')}
        <ActStatus slots={act.scheduled_venue_slots} />
        {!linkToDetail && act.scheduled_venue_slots.length > 0 && (
          // The act's sets as a calendar file (GET /v1/acts/{id}/calendar.ics, docs/decisions/0016).
          <p className="mt-2 mb-0">
            <a className="btn btn-outline-primary btn-sm" href={apiHref(`/v1/acts/${act.id}/calendar.ics`)} download>
              Add to calendar
            </a>
          </p>
        )}
        <EntryActions
          path={`/acts/${act.id}`}
          kind="act"
          name={act.name}
          creatorId={act.creator_id}
          remove={{
            pending: remove.isPending,
            run: async () => {
              await remove.mutateAsync(act.id);
              onDeleted?.();
            },
          }}
        />
      </Card.Body>
    </Card>
  );
}
