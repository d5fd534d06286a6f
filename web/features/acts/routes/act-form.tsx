import { useMatch, useNavigate, useParams } from 'react-router';
import type { Act } from '../../../../contract/acts';
import { NotAllowed } from '../../../components/catalogue/not-allowed';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { routeId } from '../../../components/catalogue/route-id';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole, isOwner } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useCreateAct } from '../api/create-act';
import { useAct } from '../api/get-acts';
import { useUpdateAct } from '../api/update-act';
import { ActFormView, EMPTY_ACT_FORM, type ActFormValues } from '../components/act-form-view';

const formValues = (act: Act): ActFormValues => ({
  name: act.name,
  bio: act.bio,
  type: act.type,
  size: act.size,
  preferred_slots: [...act.preferred_slots],
  venue_pref: act.venue_pref ?? '',
  sound_system: act.sound_system,
  rain_date_available: act.rain_date_available,
});

/**
 * docs/behaviour.md#venue-and-act-forms: /acts/new and /acts/{actId}/edit; the mode comes from the
 * path.
 */
export function ActForm() {
  const creating = useMatch('/acts/new') !== null;
  return creating ? <NewAct /> : <EditAct />;
}

function NewAct() {
  usePageTitle('New Act');
  const user = useSession();
  const navigate = useNavigate();
  const create = useCreateAct();
  return (
    <>
      <PageHeading>New Act</PageHeading>
      {hasRole(user, 'performer') ? (
        <ActFormView
          mode="create"
          defaultValues={EMPTY_ACT_FORM}
          cancelTo="/acts"
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            // docs/behaviour.md#states-and-transitions: a create returns to the list.
            await navigate('/acts');
          }}
        />
      ) : (
        <NotAllowed />
      )}
    </>
  );
}

function EditAct() {
  usePageTitle('Edit Act');
  const id = routeId(useParams().actId);
  const user = useSession();
  const navigate = useNavigate();
  const act = useAct(id);
  const update = useUpdateAct();
  useLoggedError(act.error);

  if (id === undefined || (act.error instanceof ApiError && act.error.status === 404)) {
    return <NotFoundMessage kind="Act" listPath="/acts" />;
  }
  if (!act.data) return act.isPending ? <PageLoading /> : null;
  return (
    <>
      <PageHeading>Edit Act</PageHeading>
      {isOwner(user, act.data.creator_id) ? (
        <ActFormView
          mode="edit"
          defaultValues={formValues(act.data)}
          cancelTo={`/acts/${id}`}
          onSubmit={async (input) => {
            await update.mutateAsync({ id, input });
            // docs/behaviour.md#states-and-transitions: an update returns to the list.
            await navigate('/acts');
          }}
        />
      ) : (
        <NotAllowed />
      )}
    </>
  );
}
