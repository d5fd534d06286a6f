import type { ReactNode } from 'react';
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

interface OwnedListProps<T> {
  id: string;
  /** What the items are, as the heading says it: "Venues", "Acts". */
  title: string;
  owner: string;
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}

/** A section of the person's venues or acts as cards, or a line saying they have created none. */
function OwnedList<T extends { id: number }>({ id, title, owner, items, className, children }: OwnedListProps<T>) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="h4">
        {title}
      </h2>
      {items.length === 0 ? (
        <p>
          {owner} has not created any {title.toLowerCase()}.
        </p>
      ) : (
        <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label={`${title} of ${owner}`}>
          {items.map((item) => (
            <Col as="li" key={item.id}>
              {children(item)}
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

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
      <OwnedList id="user-venues" title="Venues" owner={name} items={venues} className="mb-4">
        {(venue) => <VenueCard venue={venue} headingLevel={3} />}
      </OwnedList>
      <OwnedList id="user-acts" title="Acts" owner={name} items={acts}>
        {(act) => <ActCard act={act} headingLevel={3} />}
      </OwnedList>
    </>
  );
}
