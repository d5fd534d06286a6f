import type { ReactNode } from 'react';

/**
 * A static notice in Bootstrap's alert colours, without role="alert": a tip that is part of the
 * page is read in place, not announced as if something had just gone wrong. react-bootstrap's
 * Alert always sets that role, hence this component (docs/decisions/0010-web-client.md).
 */
export function Notice({
  variant = 'info',
  className,
  children,
}: {
  variant?: 'info' | 'secondary' | 'warning';
  className?: string;
  children: ReactNode;
}) {
  return <div className={`alert alert-${variant}${className ? ` ${className}` : ''}`}>{children}</div>;
}
