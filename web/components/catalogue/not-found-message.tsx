import { Link } from 'react-router';
import { PageHeading } from './page-heading';

/** An unknown or deleted venue or act: say so and point back at the list. */
export function NotFoundMessage({ kind, listPath }: { kind: string; listPath: string }) {
  return (
    <>
      <PageHeading>{kind} not found</PageHeading>
      <p>There is no {kind.toLowerCase()} at this address. It may have been deleted.</p>
      <p>
        <Link to={listPath}>Back to the list</Link>
      </p>
    </>
  );
}
