import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { NotAllowed } from '../../../components/catalogue/not-allowed';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { ActCard } from '../../acts/components/act-card';
import { VenueCard } from '../../venues/components/venue-card';
import { useUserResourcesByEmail } from '../api/get-user-resources';

/**
 * docs/behaviour.md#profile: /profile/{userEmail}, another user's name and the venues and acts they
 * created. Looking a person up by e-mail is for admins, and for the person themselves
 * (docs/decisions/0008-private-emails-and-profile-lookup.md).
 */
export function UserProfile() {
  usePageTitle('User profile');
  const email = useParams().userEmail ?? '';
  const user = useSession();
  const allowed = user !== null && (user.is_admin || user.email.toLowerCase() === email.toLowerCase());
  const resources = useUserResourcesByEmail(email, { enabled: allowed && email !== '' });
  useLoggedError(resources.error);

  if (!allowed) {
    return (
      <>
        <PageHeading>User profile</PageHeading>
        <NotAllowed />
      </>
    );
  }
  if (resources.error instanceof ApiError && resources.error.status === 404) {
    return (
      <>
        <PageHeading>User profile</PageHeading>
        <p>There is no user with the e-mail address {email}.</p>
      </>
    );
  }
  if (!resources.data) return resources.isPending ? <PageLoading /> : null;
  const { name, venues, acts } = resources.data;
  return (
    <>
      <PageHeading>{name}</PageHeading>
      <p className="text-body-secondary">{email}</p>
      <section aria-labelledby="user-venues" className="mb-4">
        <h2 id="user-venues" className="h4">
          Venues
        </h2>
        {venues.length === 0 ? (
          <p>{name} has not created any venues.</p>
        ) : (
          <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label={`Venues of ${name}`}>
            {venues.map((venue) => (
              <Col as="li" key={venue.id}>
                <VenueCard venue={venue} headingLevel={3} />
              </Col>
            ))}
          </Row>
        )}
      </section>
      <section aria-labelledby="user-acts">
        <h2 id="user-acts" className="h4">
          Acts
        </h2>
        {acts.length === 0 ? (
          <p>{name} has not created any acts.</p>
        ) : (
          <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label={`Acts of ${name}`}>
            {acts.map((act) => (
              <Col as="li" key={act.id}>
                <ActCard act={act} headingLevel={3} />
              </Col>
            ))}
          </Row>
        )}
      </section>
    </>
  );
}
