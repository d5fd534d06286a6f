import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { SessionUser } from '../../../contract/auth';
import { usePageTitle } from '../../lib/page-title';
import { PageLoading } from '../ui/page-loading';
import { CardList } from './card-list';
import { ListHeader } from './list-header';
import { NotAllowed } from './not-allowed';
import { useLoggedError } from './use-logged-error';

interface MyEntriesProps<T> {
  /** 'My Acts', 'My Venues': the page's title and h1. */
  title: string;
  /** The New button: where it leads and what it says. */
  create: { to: string; label: string };
  user: SessionUser | null;
  /** Whether the person has the catalogue's role (performer, host); else "not allowed". */
  allowed: boolean;
  entries: UseQueryResult<{ data: T[] }>;
  intro: string;
  /** What the page says when the person has created none. */
  empty: string;
  listLabel: string;
  children: (entry: T) => ReactNode;
}

/** docs/behaviour.md#my-acts-and-my-venues: the signed-in person's own acts or venues, with New. */
export function MyEntries<T extends { id: number }>({
  title,
  create,
  user,
  allowed,
  entries,
  intro,
  empty,
  listLabel,
  children,
}: MyEntriesProps<T>) {
  usePageTitle(title);
  useLoggedError(entries.error);

  if (!user) return <Navigate to="/login" replace />;
  const items = entries.data?.data ?? [];
  return (
    <>
      <ListHeader title={title} create={allowed ? create : undefined} />
      {!allowed ? (
        <NotAllowed />
      ) : (
        <>
          <p className="lead">{intro}</p>
          {entries.isPending && <PageLoading />}
          {entries.isSuccess && items.length === 0 && <p>{empty}</p>}
          {items.length > 0 && (
            <CardList items={items} label={listLabel}>
              {children}
            </CardList>
          )}
        </>
      )}
    </>
  );
}
