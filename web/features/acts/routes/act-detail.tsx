import { useNavigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { PageHeadingFocus } from '../../../components/catalogue/page-heading';
import { routeId } from '../../../components/catalogue/route-id';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAct } from '../api/get-act';
import { ActCard } from '../components/act-card';
import { ReceivedMessages } from '../../messages/components/received-messages';

/** Spec 2: /acts/{actId}, one act's card on a page of its own. */
export function ActDetail() {
  const id = routeId(useParams().actId);
  const act = useAct(id);
  const navigate = useNavigate();
  usePageTitle(act.data?.name ?? 'Act');
  useLoggedError(act.error);

  if (id === undefined || (act.error instanceof ApiError && act.error.status === 404)) {
    return <NotFoundMessage kind="Act" listPath="/acts" />;
  }
  if (!act.data) return act.isPending ? <PageLoading /> : null;
  return (
    <PageHeadingFocus>
      <ActCard act={act.data} headingLevel={1} linkToDetail={false} onDeleted={() => void navigate('/acts')} />
      {/* Issue 5: the owner (and admins) see the messages people sent about it. */}
      <ReceivedMessages entityType="act" entityId={act.data.id} ownerId={act.data.creator_id} />
    </PageHeadingFocus>
  );
}
