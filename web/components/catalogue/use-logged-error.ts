import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';

/**
 * docs/behaviour.md#errors: list, detail and save failures for venues and acts are only logged. A
 * 404 is not a failure: the screen says the item is not there.
 */
export function useLoggedError(error: unknown): void {
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 404)) console.error(error);
  }, [error]);
}
