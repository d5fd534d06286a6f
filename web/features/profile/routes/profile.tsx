import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { roleLabels } from '../../../lib/roles';
import { useSession } from '../../../lib/session';

/** docs/behaviour.md#profile: the signed-in user's own profile. */
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
      {/* Both lists for everyone: a newcomer learns from them what the other role can do, and
          /myvenues or /myacts says so when this person may not keep one. Worded apart from the
          nav bar's "My Venues" / "My Acts" so each link has a name of its own. */}
      <ul className="list-inline">
        <li className="list-inline-item">
          <Link to="/myvenues">Your venues</Link>
        </li>
        <li className="list-inline-item">
          <Link to="/myacts">Your acts</Link>
        </li>
      </ul>
    </>
  );
}
