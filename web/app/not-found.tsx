import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
