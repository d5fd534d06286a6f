import type { ReactNode } from 'react';
import type { FestivalConfig, FestivalResponse } from '../../../../contract/festival';
import { siteText } from '../../../../contract/page-previews';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { usePageMeta, type PageMeta } from '../lib/page-meta';

interface PublicPageProps {
  meta: (festival: FestivalConfig) => PageMeta;
  /** GET /v1/festival: the configuration with the committee's switches (the rain date). */
  children: (festival: FestivalResponse) => ReactNode;
}

/** A page written from this edition's configuration: it waits for GET /v1/festival, then shows. */
export function PublicPage({ meta, children }: PublicPageProps) {
  const { data: festival, isError } = useFestival();
  usePageMeta(festival && meta(festival), festival && siteText(festival));
  if (festival) return <>{children(festival)}</>;
  if (isError) return <ErrorAlert>The festival details could not be loaded. Please reload the page.</ErrorAlert>;
  return <PageLoading />;
}
