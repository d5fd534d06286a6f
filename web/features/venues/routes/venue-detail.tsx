import { useNavigate, useParams } from 'react-router';
import { PageHeadingFocus } from '../../../components/catalogue/page-heading';
import { NotFoundMessage } from '../../../components/catalogue/not-found-message';
import { routeId } from '../../../components/catalogue/route-id';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useVenue } from '../api/get-venue';
import { VenueCard } from '../components/venue-card';
import { ReceivedMessages } from '../../messages/components/received-messages';

/** Spec 2: /venues/{venueId}, one venue's card on a page of its own. */
export function VenueDetail() {
  const id = routeId(useParams().venueId);
  const venue = useVenue(id);
  const navigate = useNavigate();
  usePageTitle(venue.data?.address ?? 'Venue');
  useLoggedError(venue.error);

  if (id === undefined || (venue.error instanceof ApiError && venue.error.status === 404)) {
    return <NotFoundMessage kind="Venue" listPath="/venues" />;
  }
  if (!venue.data) return venue.isPending ? <PageLoading /> : null;
  return (
    <PageHeadingFocus>
      <VenueCard venue={venue.data} headingLevel={1} linkToDetail={false} onDeleted={() => void navigate('/venues')} />
      {/* Issue 5: the owner (and admins) see the messages people sent about it. */}
      <ReceivedMessages entityType="venue" entityId={venue.data.id} ownerId={venue.data.creator_id} />
    </PageHeadingFocus>
  );
}
