import { useEffect } from 'react';

/** Spec 8: list, detail and save failures for venues and acts are only logged. */
export function useLoggedError(error: unknown): void {
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
}
