import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

/** Spec 8: a failed form call shows the server's text in a red alert. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert variant="danger" className="mt-3" role="alert">
      {children}
    </Alert>
  );
}
