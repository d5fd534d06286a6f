import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FIRST_PAGE, type ListQuery } from '../../lib/list-query';
import { usePageTitle } from '../../lib/page-title';
import { hasRole } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { PageLoading } from '../ui/page-loading';
import { CardList } from './card-list';
import { ListHeader } from './list-header';
import { NotAllowed } from './not-allowed';
import { useLoggedError } from './use-logged-error';

/** What differs between My Acts and My Venues: who may have them, the title, the New button, the list. */
const KINDS = {
  Act: { role: 'performer', title: 'My Acts', list: '/acts', create: 'New Act', listLabel: 'My acts' },
  Venue: { role: 'host', title: 'My Venues', list: '/venues', create: 'New Venue', listLabel: 'My venues' },
} as const;

interface MyEntriesProps<T> {
  kind: keyof typeof KINDS;
  /** The catalogue's list (useActs, useVenues), asked here for the signed-in person's own. */
  useEntries: (query: ListQuery, options: { enabled: boolean }) => UseQueryResult<{ data: T[] }>;
  intro: string;
  /** What the page says when the person has created none. */
  empty: string;
  /** An entry's card; `toList` goes to the catalogue's list (once the entry is deleted). */
  children: (entry: T, toList: () => void) => ReactNode;
}

/** docs/behaviour.md#my-acts-and-my-venues: the signed-in person's own acts or venues, with New. */
export function MyEntries<T extends { id: number }>({ kind, useEntries, intro, empty, children }: MyEntriesProps<T>) {
  const { role, title, list, create, listLabel } = KINDS[kind];
  const user = useSession();
  const navigate = useNavigate();
  // Whether the person has the catalogue's role (performer, host); else "not allowed".
  const allowed = hasRole(user, role);
  const entries = useEntries({ ...FIRST_PAGE, creator_id: user?.id }, { enabled: allowed && user !== null });
  usePageTitle(title);
  useLoggedError(entries.error);

  if (!user) return <Navigate to="/login" replace />;
  const items = entries.data?.data ?? [];
  return (
    <>
      <ListHeader title={title} create={allowed ? { to: `${list}/new`, label: create } : undefined} />
      {!allowed ? (
        <NotAllowed />
      ) : (
        <>
          <p className="lead">{intro}</p>
          {entries.isPending && <PageLoading />}
          {entries.isSuccess && items.length === 0 && <p>{empty}</p>}
          {items.length > 0 && (
            <CardList items={items} label={listLabel}>
              {(entry) => children(entry, () => void navigate(list))}
            </CardList>
          )}
        </>
      )}
    </>
  );
}
