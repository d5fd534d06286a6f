import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { routeId } from '../../../components/catalogue/route-id';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { isSignedIn } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import type { EntityType } from '../api/get-comments';
import { useContactTarget } from '../api/get-contact-target';
import { MessageSentDialog } from './message-sent-dialog';
import { OwnerMessageForm } from './owner-message-form';
import { ReceivedMessages } from './received-messages';

// docs/behaviour.md#contact-an-owner: the explanatory text differs: for a venue a performer asks to
// be hosted, for an act a host asks to host it.
const EXPLANATION: Record<EntityType, string> = {
  venue:
    'Are you a performer looking for a porch to play on? Write to the host of this venue and ask to be hosted here: ' +
    'tell them about your act, the slots that suit you and what you need. Your message is sent to the host by e-mail, ' +
    'and they can answer you directly.',
  act:
    'Are you a host with a porch or a yard? Write to this act and ask to host them at your venue: tell them about your ' +
    'place, the slots you have free and what you can provide. Your message is sent to the performer by e-mail, and ' +
    'they can answer you directly.',
};

const KIND: Record<EntityType, { label: string; list: string }> = {
  venue: { label: 'Venue', list: '/venues' },
  act: { label: 'Act', list: '/acts' },
};

/** docs/behaviour.md#contact-an-owner: /venues/{venueId}/contact and /acts/{actId}/contact. */
export function OwnerContact({ type }: { type: EntityType }) {
  const params = useParams();
  const id = routeId(type === 'venue' ? params.venueId : params.actId);
  const target = useContactTarget(type, id);
  const user = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { label, list } = KIND[type];
  usePageTitle(target.data ? `Contact ${target.data.name}` : `Contact ${label.toLowerCase()}`);
  useLoggedError(target.error);

  if (id === undefined || (target.error instanceof ApiError && target.error.status === 404)) {
    return <NotFoundMessage kind={label} listPath={list} />;
  }
  if (!target.data) return target.isPending ? <PageLoading /> : null;

  return (
    <>
      <PageHeading>{target.data.name}</PageHeading>
      {isSignedIn(user) && user.id === target.data.creatorId ? (
        // Writing to oneself makes no sense; the owner came here for the conversation, so they
        // get the messages people sent them instead (docs/decisions/0018-walk-fixes.md).
        <>
          <p>
            This is your own {type}. People who write to you about it are listed below; each message was also e-mailed
            to you, and you answer them by e-mail.
          </p>
          <ReceivedMessages entityType={type} entityId={target.data.id} ownerId={target.data.creatorId} />
        </>
      ) : isSignedIn(user) ? (
        <>
          <p>{EXPLANATION[type]}</p>
          <OwnerMessageForm target={target.data} />
        </>
      ) : (
        <Notice>
          <p className="mb-2">You need to be logged in to contact this {type}.</p>
          <Link to="/login" className="alert-link">
            Login / Register
          </Link>
        </Notice>
      )}
      <MessageSentDialog show={search.get('result') === 'success'} onClose={() => void navigate(list)} />
    </>
  );
}
