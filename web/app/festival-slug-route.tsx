import { Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { useFestival } from '../lib/festival';
import { lazyPage } from './lazy-page';

const loadEventPage = () => import('../features/public/routes/event');
const EventPage = lazyPage(loadEventPage, 'EventPage');
const NotFound = lazyPage(() => import('./not-found'), 'NotFound');

/**
 * The /{product} route (docs/behaviour.md#event-page): its path comes from the festival config at
 * run time, so it is matched here rather than written into the route table. Any other
 * single-segment path is not found.
 */
export function FestivalSlugRoute() {
  const { slug } = useParams();
  const { data: festival, isPending } = useFestival();
  // Fetch the event page's code alongside the festival, not after it: /{slug} is a landing page.
  if (isPending) void loadEventPage();
  if (isPending) return <PageLoading />;
  return <Suspense fallback={<PageLoading />}>{festival?.slug === slug ? <EventPage /> : <NotFound />}</Suspense>;
}
