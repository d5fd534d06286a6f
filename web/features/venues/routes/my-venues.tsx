import { useNavigate } from 'react-router';
import { MyEntries } from '../../../components/catalogue/my-entries';
import { FIRST_PAGE } from '../../../lib/list-query';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useVenues } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';

export const MY_VENUES_EMPTY = 'You have not created any venues yet. Use the New Venue button to create a venue.';

/** docs/behaviour.md#my-acts-and-my-venues: /myvenues, the signed-in host's own venues. */
export function MyVenues() {
  const user = useSession();
  const navigate = useNavigate();
  const allowed = hasRole(user, 'host');
  const venues = useVenues({ ...FIRST_PAGE, creator_id: user?.id }, { enabled: allowed && user !== null });
  return (
    <MyEntries
      title="My Venues"
      create={{ to: '/venues/new', label: 'New Venue' }}
      user={user}
      allowed={allowed}
      entries={venues}
      intro="The porches and yards you offer. Open Slots / Schedule on a venue to choose the acts that play there."
      empty={MY_VENUES_EMPTY}
      listLabel="My venues"
    >
      {(venue) => <VenueCard venue={venue} onDeleted={() => void navigate('/venues')} />}
    </MyEntries>
  );
}
