import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { hasRole } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { Notice } from '../ui/notice';
import { PageLoading } from '../ui/page-loading';
import { useDeferredPages } from './deferred-pages';
import { ListHeader } from './list-header';
import { ListNeedsConnection } from './list-needs-connection';
import { ResultsCount } from './results-count';
import { ShowMore, useShowMore } from './show-more';
import { useLoggedError } from './use-logged-error';

/**
 * Each list's title, who may create an entry (and the New button), and who is shown the tip: the
 * other side of the festival, looking for a match.
 */
const KINDS = {
  acts: { title: 'Acts', role: 'performer', create: { to: '/acts/new', label: 'New Act' }, tipFor: 'host' },
  venues: { title: 'Venues', role: 'host', create: { to: '/venues/new', label: 'New Venue' }, tipFor: 'performer' },
} as const;

interface CatalogueListProps<T> {
  kind: keyof typeof KINDS;
  /** The list page by page ("Show more"), as the filters ask for it. */
  pages: UseInfiniteQueryResult<InfiniteData<{ data: readonly T[]; total?: number }>>;
  /** The tip for those looking for a match. */
  tip: ReactNode;
  /** The search box and the filters. */
  search: ReactNode;
  /** What shows between the count and the entries (the venues' List / Map switch). */
  toolbar?: ReactNode;
  /** What the list says when it is empty: nothing matches the filters, or there is nothing yet. */
  empty: string;
  /** The entries fetched so far; `list` goes on the card list, where "Show more" moves the focus. */
  children: (items: T[], list: Ref<HTMLUListElement>) => ReactNode;
}

/**
 * docs/behaviour.md#act-list, docs/behaviour.md#venue-list: the frame of /acts and /venues: the
 * heading with New, the tip, the search, the count of every entry that matches (the filters run on
 * the server), the entries and "Show more".
 */
export function CatalogueList<T extends { id: number }>(props: CatalogueListProps<T>) {
  const { kind, pages: query, tip, search, toolbar, empty, children } = props;
  const { title, role, create, tipFor } = KINDS[kind];
  usePageTitle(title);
  const user = useSession();
  useLoggedError(query.error);
  const { pages, items } = useDeferredPages(query.data);
  const total = pages ? (pages[0]?.total ?? items.length) : undefined;
  const { list, showMore } = useShowMore(items.length, () => query.fetchNextPage());

  return (
    <>
      <ListHeader title={title} create={hasRole(user, role) ? create : undefined} />
      {hasRole(user, tipFor) && <Notice>{tip}</Notice>}
      {search}
      <ResultsCount count={total} />
      <ListNeedsConnection error={items.length === 0 ? query.error : null} what={kind} />
      {toolbar}
      {(query.isPending || (query.isSuccess && !pages)) && <PageLoading />}
      {query.isSuccess && pages && items.length === 0 && <p className="lead">{empty}</p>}
      {items.length > 0 && children(items, list)}
      {items.length > 0 && (
        <ShowMore
          shown={items.length}
          total={total}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={showMore}
          noun={kind}
        />
      )}
    </>
  );
}
