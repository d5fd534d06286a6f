import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
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

// Spec 2: the explanatory text differs: for a venue a performer asks to be hosted, for an act
// a host asks to host it.
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

/** Spec 2: /venues/{venueId}/contact and /acts/{actId}/contact. */
export function OwnerContact({ type }: { type: EntityType }) {
  const params = useParams();
  const id = routeId(type === 'venue' ? params.venueId : params.actId);
  const target = useContactTarget(type, id);
  const user = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
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
      {isSignedIn(user) ? (
        <>
          <p>{EXPLANATION[type]}</p>
          <OwnerMessageForm target={target.data} />
        </>
      ) : (
        <Alert variant="info">
          <p className="mb-2">You need to be logged in to contact this {type}.</p>
          <Link to="/login" className="alert-link">
            Login / Register
          </Link>
        </Alert>
      )}
      <MessageSentDialog
        show={search.get('result') === 'success'}
        onOk={() => void navigate(list)}
        onClose={() => setSearch({}, { replace: true })}
      />
    </>
  );
}
