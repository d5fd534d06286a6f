import type { ReactNode } from 'react';
import type { Act } from '../../../../contract/acts';
import { slotNumber } from '../../../../contract/act-status';
import { ActSizeList, GenreList, PerformerSoundSystemList } from '../../../../contract/choices';
import { CreatorDetails } from '../../../components/catalogue/creator-details';
import { CardSubheading, EntryBio, Fact } from '../../../components/catalogue/card-content';
import { EntryCard, EntryCardTitle, type EntryCardOptions } from '../../../components/catalogue/entry-card';
import { HiddenNotice } from '../../../components/catalogue/hidden-notice';
import { EntryActions } from '../../../components/catalogue/owner-actions';
import { apiHref } from '../../../lib/api-client';
import { StarButton } from '../../favourites/star-button';
import { useDeleteAct } from '../api/delete-act';
import { ActStatus } from './act-status';

interface ActCardProps extends EntryCardOptions {
  act: Act;
  /** What its owner's screens add at the card's foot (My Acts: the porches that fit). */
  children?: ReactNode;
}

export function ActCard({ act, headingLevel = 2, linkToDetail = true, onDeleted, children }: ActCardProps) {
  const remove = useDeleteAct();
  const path = `/acts/${act.id}`;
  // docs/behaviour.md#venue-and-act-cards: a preferred slot shows as its number ('Slot 1' shows as
  // '1').
  const preferred = [...act.preferred_slots].sort().map(slotNumber).join(', ');

  return (
    <EntryCard className="act-card" label={`Act: ${act.name}`}>
      <div className="d-flex justify-content-between align-items-start gap-2">
        <EntryCardTitle level={headingLevel} to={linkToDetail ? path : undefined}>
          {act.name}
        </EntryCardTitle>
        <StarButton actId={act.id} actName={act.name} />
      </div>
      <p className="mb-2 text-body-secondary">
        {GenreList.labels[act.type]} · {ActSizeList.labels[act.size]}
      </p>
      <HiddenNotice hidden={act.hidden} />
      <CreatorDetails creator={act.creator} />
      <EntryBio html={act.bio} excerpt={linkToDetail} headingLevel={headingLevel} />
      <dl className="row mb-2 small">
        <Fact term="Preferred slots">{preferred}</Fact>
        {act.venue_pref && <Fact term="Venue preference">{act.venue_pref}</Fact>}
        <Fact term="Sound system">{PerformerSoundSystemList.labels[act.sound_system]}</Fact>
        <Fact term="Rain date">{act.rain_date_available ? 'Available' : 'Not available'}</Fact>
      </dl>
      <CardSubheading level={headingLevel}>Status</CardSubheading>
      <ActStatus slots={act.scheduled_venue_slots} />
      {!linkToDetail && act.scheduled_venue_slots.length > 0 && (
        // The act's sets as a calendar file (GET /v1/acts/{id}/calendar.ics, docs/decisions/0016).
        <p className="mt-2 mb-0">
          <a className="btn btn-outline-primary btn-sm" href={apiHref(`/v1/acts/${act.id}/calendar.ics`)} download>
            Add to calendar
          </a>
        </p>
      )}
      <EntryActions kind="act" path={path} entry={act} name={act.name} remove={remove} onDeleted={onDeleted} />
      {children}
    </EntryCard>
  );
}
