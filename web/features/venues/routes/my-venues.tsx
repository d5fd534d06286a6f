import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, Navigate } from 'react-router';
import { NotAllowed } from '../../../components/catalogue/not-allowed';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { FIRST_PAGE } from '../../../lib/list-query';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useVenues } from '../api/get-venues';
import { VenueCard } from '../components/venue-card';

export const MY_VENUES_EMPTY = 'You have not created any venues yet. Use the New Venue button to create a venue.';

/** Spec 2: /myvenues, the signed-in host's own venues. */
export function MyVenues() {
  usePageTitle('My Venues');
  const user = useSession();
  const allowed = hasRole(user, 'host');
  const venues = useVenues({ ...FIRST_PAGE, creator_id: user?.id }, { enabled: allowed && user !== null });
  useLoggedError(venues.error);

  if (!user) return <Navigate to="/login" replace />;
  const items = venues.data?.data ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="mb-0">My Venues</PageHeading>
        {allowed && (
          <Link className="btn btn-primary" to="/venues/new">
            New Venue
          </Link>
        )}
      </div>
      {!allowed ? (
        <NotAllowed />
      ) : (
        <>
          <p className="lead">
            The porches and yards you offer. Open Slots / Schedule on a venue to choose the acts that play there.
          </p>
          {venues.isPending && <PageLoading />}
          {venues.isSuccess && items.length === 0 && <p>{MY_VENUES_EMPTY}</p>}
          {items.length > 0 && (
            <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label="My venues">
              {items.map((venue) => (
                <Col as="li" key={venue.id}>
                  <VenueCard venue={venue} />
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </>
  );
}
