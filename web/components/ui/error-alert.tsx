import type { ReactNode } from 'react';

/** docs/behaviour.md#errors: a failed form call shows the server's text in a red alert. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-danger mt-3" role="alert">
      {children}
    </div>
  );
}
