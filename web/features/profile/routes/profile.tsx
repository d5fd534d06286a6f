import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole, roleLabels } from '../../../lib/roles';
import { useSession } from '../../../lib/session';

/** Spec 2: the signed-in user's own profile. */
export function Profile() {
  usePageTitle('Profile');
  const user = useSession();
  if (!user) return <Navigate to="/login" replace />;
  const roles = roleLabels(user);
  const canHost = hasRole(user, 'host');
  const canPerform = hasRole(user, 'performer');
  return (
    <>
      <h1>Profile</h1>
      <dl className="row profile-details">
        <dt className="col-sm-3">Name</dt>
        <dd className="col-sm-9">{user.name}</dd>
        <dt className="col-sm-3">Email</dt>
        <dd className="col-sm-9">{user.email}</dd>
        <dt className="col-sm-3">Roles</dt>
        <dd className="col-sm-9">{roles.length > 0 ? roles.join(', ') : 'None'}</dd>
      </dl>
      {/* Only the lists this person may keep (spec 6); worded apart from the nav bar's
          "My Venues" / "My Acts" so each link has a name of its own. */}
      {(canHost || canPerform) && (
        <ul className="list-inline">
          {canHost && (
            <li className="list-inline-item">
              <Link to="/myvenues">Your venues</Link>
            </li>
          )}
          {canPerform && (
            <li className="list-inline-item">
              <Link to="/myacts">Your acts</Link>
            </li>
          )}
        </ul>
      )}
    </>
  );
}
