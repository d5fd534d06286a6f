import { useNavigate, useParams } from 'react-router';
import { EntryPage } from '../../../components/catalogue/entry-page';
import { routeId } from '../../../components/catalogue/route-id';
import { OfflineVenue } from '../../offline/from-schedule';
import { useVenue } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';
import { AdminModerationPanel } from '../../admin/components/admin-moderation-panel';
import { ReceivedMessages } from '../../messages/components/received-messages';

/**
 * docs/behaviour.md#venue-and-act-cards: /venues/{venueId}, one venue's card on a page of its own.
 */
export function VenueDetail() {
  const id = routeId(useParams().venueId);
  const venue = useVenue(id);
  const navigate = useNavigate();
  return (
    <EntryPage
      kind="Venue"
      listPath="/venues"
      id={id}
      entry={venue}
      title={(v) => v.address}
      offline={(venueId) => <OfflineVenue id={venueId} />}
    >
      {(v) => (
        <>
          <VenueCard venue={v} headingLevel={1} linkToDetail={false} onDeleted={() => void navigate('/venues')} />
          <AdminModerationPanel kind="venue" id={v.id} name={v.address} hidden={v.hidden} />
          {/* The owner (and admins) see the messages people sent about it. */}
          <ReceivedMessages entityType="venue" entityId={v.id} ownerId={v.creator_id} />
        </>
      )}
    </EntryPage>
  );
}
