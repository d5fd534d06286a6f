import { Link } from 'react-router';
import { PageHeading } from './page-heading';

interface ListHeaderProps {
  /** 'Acts', 'My Venues': the page's h1. */
  title: string;
  /** The New button, where it leads and what it says; left out for whoever may not create one. */
  create: { to: string; label: string } | undefined;
}

/** A catalogue page's h1 with, beside it, the button that creates a new entry. */
export function ListHeader({ title, create }: ListHeaderProps) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <PageHeading className="mb-0">{title}</PageHeading>
      {create && (
        <Link className="btn btn-primary" to={create.to}>
          {create.label}
        </Link>
      )}
    </div>
  );
}
