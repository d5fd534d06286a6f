import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, isOwner } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { PageLoading } from '../ui/page-loading';
import { NotAllowed } from './not-allowed';
import { NotFoundMessage } from './not-found-message';
import { PageHeading } from './page-heading';
import { routeId } from './route-id';
import { useLoggedError } from './use-logged-error';

/** Who may create each kind, where its id is in the address, its list, and its screens' titles. */
const KINDS = {
  Act: { role: 'performer', param: 'actId', list: '/acts', create: 'New Act', edit: 'Edit Act' },
  Venue: { role: 'host', param: 'venueId', list: '/venues', create: 'New Venue', edit: 'Edit Venue' },
} as const;

/** What the form is told: its mode, where Cancel leads, and what sends it. */
export type EntryFormMode<Create, Update> =
  | { mode: 'create'; cancelTo: string; onSubmit: (input: Create) => Promise<unknown> }
  | { mode: 'edit'; cancelTo: string; onSubmit: (input: Update) => Promise<unknown> };

interface EntryFormRouteProps<T extends { creator_id: number }, Create, Update> {
  kind: keyof typeof KINDS;
  /** The catalogue's read of one entry (useAct, useVenue). */
  useEntry: (id: number | undefined) => UseQueryResult<T>;
  useCreate: () => { mutateAsync: (input: Create) => Promise<unknown> };
  useUpdate: () => { mutateAsync: (variables: { id: number; input: Update }) => Promise<unknown> };
  /** The form, for a new entry (`entry` undefined) or for editing `entry`. */
  children: (form: EntryFormMode<Create, Update>, entry: T | undefined) => ReactNode;
}

/**
 * docs/behaviour.md#venue-and-act-forms: /{acts,venues}/new and /{acts,venues}/{id}/edit; the mode
 * comes from the path. A new entry is for the kind's role, an edit for its owner (and admins); a
 * create or an update returns to the list (docs/behaviour.md#states-and-transitions).
 */
export function EntryFormRoute<T extends { creator_id: number }, Create, Update>({
  kind,
  useEntry,
  useCreate,
  useUpdate,
  children,
}: EntryFormRouteProps<T, Create, Update>) {
  const { role, param, list, create: newTitle, edit: editTitle } = KINDS[kind];
  const creating = useMatch(`${list}/new`) !== null;
  const title = creating ? newTitle : editTitle;
  usePageTitle(title);
  const id = routeId(useParams()[param]);
  const user = useSession();
  const navigate = useNavigate();
  const entry = useEntry(creating ? undefined : id);
  const create = useCreate();
  const update = useUpdate();
  useLoggedError(entry.error);

  if (creating) {
    const onSubmit = async (input: Create) => {
      await create.mutateAsync(input);
      await navigate(list);
    };
    return (
      <FormScreen title={title} allowed={hasRole(user, role)}>
        {children({ mode: 'create', cancelTo: list, onSubmit }, undefined)}
      </FormScreen>
    );
  }
  if (id === undefined || (entry.error instanceof ApiError && entry.error.status === 404)) {
    return <NotFoundMessage kind={kind} listPath={list} />;
  }
  if (!entry.data) return entry.isPending ? <PageLoading /> : null;
  const onSubmit = async (input: Update) => {
    await update.mutateAsync({ id, input });
    await navigate(list);
  };
  return (
    <FormScreen title={title} allowed={isOwner(user, entry.data.creator_id)}>
      {children({ mode: 'edit', cancelTo: `${list}/${id}`, onSubmit }, entry.data)}
    </FormScreen>
  );
}

/** The screen's heading over the form, or "not allowed" for someone who may not send it. */
function FormScreen({ title, allowed, children }: { title: string; allowed: boolean; children: ReactNode }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {allowed ? children : <NotAllowed />}
    </>
  );
}
