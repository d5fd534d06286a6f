import type { ReactNode } from 'react';
import { errorText, NetworkError } from '../../lib/api-client';

/** docs/behaviour.md#errors: a failed form call shows the server's text in a red alert. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-danger mt-3" role="alert">
      {children}
    </div>
  );
}

/**
 * A failed call's answer from the server, in the red alert. A network failure has had its own
 * dialog (docs/behaviour.md#errors), so it shows nothing here.
 */
export function ServerErrorAlert({ error }: { error: Error | null }) {
  if (!error || error instanceof NetworkError) return null;
  return <ErrorAlert>{errorText(error)}</ErrorAlert>;
}
