import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, NetworkError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { PageLoading } from '../ui/page-loading';
import { NotFoundMessage } from './not-found-message';
import { PageHeadingFocus } from './page-heading';
import { routeId } from './route-id';
import { useLoggedError } from './use-logged-error';

/** Where each catalogue's page finds its id, and its list. */
const KINDS = { Act: { param: 'actId', list: '/acts' }, Venue: { param: 'venueId', list: '/venues' } } as const;

interface EntryPageProps<T> {
  kind: keyof typeof KINDS;
  /** The catalogue's read of one entry (useAct, useVenue), asked here for the id in the address. */
  useEntry: (id: number | undefined) => UseQueryResult<T>;
  /** The page's title once the entry has arrived. */
  title: (entry: T) => string;
  /** Offline with nothing stored for this page: what the schedule on the device holds. */
  offline: (id: number) => ReactNode;
  /** The page's content; `toList` goes to the catalogue's list (once the entry is deleted). */
  children: (entry: T, toList: () => void) => ReactNode;
}

/**
 * docs/behaviour.md#venue-and-act-cards: one venue's or act's page (/venues/{id}, /acts/{id}), its
 * card with its h1 focused on arrival; "not found" for an unknown or deleted one.
 */
export function EntryPage<T>({ kind, useEntry, title, offline, children }: EntryPageProps<T>) {
  const { param, list } = KINDS[kind];
  const id = routeId(useParams()[param]);
  const entry = useEntry(id);
  const navigate = useNavigate();
  usePageTitle(entry.data ? title(entry.data) : kind);
  useLoggedError(entry.error);

  if (id === undefined || (entry.error instanceof ApiError && entry.error.status === 404)) {
    return <NotFoundMessage kind={kind} listPath={list} />;
  }
  if (entry.error instanceof NetworkError) return offline(id);
  if (!entry.data) return entry.isPending ? <PageLoading /> : null;
  return <PageHeadingFocus>{children(entry.data, () => void navigate(list))}</PageHeadingFocus>;
}
