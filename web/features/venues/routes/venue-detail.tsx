import { EntryPage } from '../../../components/catalogue/entry-page';
import { OfflineVenue } from '../../offline/from-schedule';
import { useVenue } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';
import { AdminModerationPanel } from '../../admin/components/admin-moderation-panel';
import { ReceivedMessages } from '../../messages/components/received-messages';

/**
 * docs/behaviour.md#venue-and-act-cards: /venues/{venueId}, one venue's card on a page of its own.
 */
export function VenueDetail() {
  return (
    <EntryPage kind="Venue" useEntry={useVenue} title={(v) => v.address} offline={(id) => <OfflineVenue id={id} />}>
      {(v, toList) => (
        <>
          <VenueCard venue={v} headingLevel={1} linkToDetail={false} onDeleted={toList} />
          <AdminModerationPanel kind="venue" id={v.id} name={v.address} hidden={v.hidden} />
          {/* The owner (and admins) see the messages people sent about it. */}
          <ReceivedMessages entityType="venue" entityId={v.id} ownerId={v.creator_id} />
        </>
      )}
    </EntryPage>
  );
}
