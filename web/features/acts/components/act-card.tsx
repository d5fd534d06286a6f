import { createElement } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { slotNumber, type Act } from '../../../../contract/acts';
import { ActSizes, Genres, PerformerSoundSystems } from '../../../../contract/enums';
import { CreatorDetails } from '../../../components/catalogue/creator-details';
import { CardActions, DeleteAction } from '../../../components/catalogue/owner-actions';
import { SafeHtml } from '../../../components/rich-text/safe-html';
import { isOwner, isSignedIn } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useDeleteAct } from '../api/delete-act';
import { ActStatus } from './act-status';

interface ActCardProps {
  act: Act;
  /** h1 on the act's own page, h2 in a list (h3 under a list's own h2). */
  headingLevel?: 1 | 2 | 3;
  /** In a list the name links to the act's page; on that page it does not. */
  linkToDetail?: boolean;
  /** Where to go once the act is deleted (its own page leaves for the list, spec 4). */
  onDeleted?: () => void;
}

export function ActCard({ act, headingLevel = 2, linkToDetail = true, onDeleted }: ActCardProps) {
  const user = useSession();
  const remove = useDeleteAct();
  const owner = isOwner(user, act.creator_id);
  const title = linkToDetail ? <Link to={`/acts/${act.id}`}>{act.name}</Link> : act.name;
  // Spec 2: a preferred slot shows as its number ('Slot 1' shows as '1').
  const preferred = [...act.preferred_slots].sort().map(slotNumber).join(', ');

  return (
    <Card as="article" className="h-100 act-card" aria-label={`Act: ${act.name}`}>
      <Card.Body>
        {createElement(`h${headingLevel}`, { className: 'card-title h4' }, title)}
        <p className="mb-2 text-body-secondary">
          {Genres.labels[act.type]} · {ActSizes.labels[act.size]}
        </p>
        <CreatorDetails creator={act.creator} />
        <SafeHtml html={act.bio} className="mb-3" />
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
        {isSignedIn(user) && (
          <CardActions>
            {user.id !== act.creator_id && (
              <Link className="btn btn-primary btn-sm" to={`/acts/${act.id}/contact`}>
                Contact
              </Link>
            )}
            {owner && (
              <>
                <Link className="btn btn-outline-primary btn-sm" to={`/acts/${act.id}/edit`}>
                  Edit
                </Link>
                <DeleteAction
                  kind="act"
                  name={act.name}
                  pending={remove.isPending}
                  onDelete={async () => {
                    await remove.mutateAsync(act.id);
                    onDeleted?.();
                  }}
                />
              </>
            )}
          </CardActions>
        )}
      </Card.Body>
    </Card>
  );
}
