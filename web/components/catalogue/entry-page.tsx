import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, NetworkError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { PageLoading } from '../ui/page-loading';
import { NotFoundMessage } from './not-found-message';
import { PageHeadingFocus } from './page-heading';
import { useLoggedError } from './use-logged-error';

interface EntryPageProps<T> {
  kind: 'Venue' | 'Act';
  /** The catalogue's list, where "Back to the list" leads. */
  listPath: string;
  /** The id in the address; undefined when it is not a number. */
  id: number | undefined;
  entry: UseQueryResult<T>;
  /** The page's title once the entry has arrived. */
  title: (entry: T) => string;
  /** Offline with nothing stored for this page: what the schedule on the device holds. */
  offline: (id: number) => ReactNode;
  children: (entry: T) => ReactNode;
}

/**
 * docs/behaviour.md#venue-and-act-cards: one venue's or act's page (/venues/{id}, /acts/{id}), its
 * card with its h1 focused on arrival; "not found" for an unknown or deleted one.
 */
export function EntryPage<T>({ kind, listPath, id, entry, title, offline, children }: EntryPageProps<T>) {
  usePageTitle(entry.data ? title(entry.data) : kind);
  useLoggedError(entry.error);

  if (id === undefined || (entry.error instanceof ApiError && entry.error.status === 404)) {
    return <NotFoundMessage kind={kind} listPath={listPath} />;
  }
  if (entry.error instanceof NetworkError) return offline(id);
  if (!entry.data) return entry.isPending ? <PageLoading /> : null;
  return <PageHeadingFocus>{children(entry.data)}</PageHeadingFocus>;
}
