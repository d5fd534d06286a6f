import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { roleLabels } from '../../../lib/roles';
import { useSession } from '../../../lib/session';

/** Spec 2: the signed-in user's own profile. */
export function Profile() {
  usePageTitle('Profile');
  const user = useSession();
  if (!user) return <Navigate to="/login" replace />;
  const roles = roleLabels(user);
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
      <ul className="list-inline">
        <li className="list-inline-item">
          <Link to="/myvenues">My Venues</Link>
        </li>
        <li className="list-inline-item">
          <Link to="/myacts">My Acts</Link>
        </li>
      </ul>
    </>
  );
}
