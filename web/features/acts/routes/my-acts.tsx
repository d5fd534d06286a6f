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
import { useActs } from '../api/get-acts';
import { ActCard } from '../components/act-card';

export const MY_ACTS_EMPTY = 'You have not created any acts yet. Use the New Act button to create an act.';

/** Spec 2: /myacts, the signed-in performer's own acts. */
export function MyActs() {
  usePageTitle('My Acts');
  const user = useSession();
  const allowed = hasRole(user, 'performer');
  const acts = useActs({ ...FIRST_PAGE, creator_id: user?.id }, { enabled: allowed && user !== null });
  useLoggedError(acts.error);

  if (!user) return <Navigate to="/login" replace />;
  const items = acts.data?.data ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="mb-0">My Acts</PageHeading>
        {allowed && (
          <Link className="btn btn-primary" to="/acts/new">
            New Act
          </Link>
        )}
      </div>
      {!allowed ? (
        <NotAllowed />
      ) : (
        <>
          <p className="lead">
            The acts you have registered. Each shows whether a host has scheduled it yet, and where and when it plays.
          </p>
          {acts.isPending && <PageLoading />}
          {acts.isSuccess && items.length === 0 && <p>{MY_ACTS_EMPTY}</p>}
          {items.length > 0 && (
            <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label="My acts">
              {items.map((act) => (
                <Col as="li" key={act.id}>
                  <ActCard act={act} />
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </>
  );
}
