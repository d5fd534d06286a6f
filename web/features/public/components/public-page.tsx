import type { ReactNode } from 'react';
import type { FestivalConfig } from '../../../../contract/festival';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { usePageMeta, type PageMeta } from '../lib/page-meta';

interface PublicPageProps {
  meta: (festival: FestivalConfig) => PageMeta;
  children: (festival: FestivalConfig) => ReactNode;
}

/** A page written from this edition's configuration: it waits for GET /v1/festival, then shows. */
export function PublicPage({ meta, children }: PublicPageProps) {
  const { data: festival, isError } = useFestival();
  usePageMeta(festival && meta(festival));
  if (festival) return <>{children(festival)}</>;
  if (isError) return <ErrorAlert>The festival details could not be loaded. Please reload the page.</ErrorAlert>;
  return <PageLoading />;
}
