import { MyEntries } from '../../../components/catalogue/my-entries';
import { useVenues } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';

const INTRO = 'The porches and yards you offer. Open Slots / Schedule on a venue to choose the acts that play there.';
export const MY_VENUES_EMPTY = 'You have not created any venues yet. Use the New Venue button to create a venue.';

/** docs/behaviour.md#my-acts-and-my-venues: /myvenues, the signed-in host's own venues. */
export function MyVenues() {
  return (
    <MyEntries kind="Venue" useEntries={useVenues} intro={INTRO} empty={MY_VENUES_EMPTY}>
      {(venue, toList) => <VenueCard venue={venue} onDeleted={toList} />}
    </MyEntries>
  );
}
