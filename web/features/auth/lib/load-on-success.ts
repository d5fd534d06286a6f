import { fullPageLoad } from '../../../lib/navigation';

/**
 * A form's submit handler that sends through `mutation` and, once it succeeds, loads `path` afresh
 * (the spec asks for a full page load after sign-in, sign-up and a password reset).
 */
export function loadOnSuccess<I>(mutation: { mutateAsync: (input: I) => Promise<unknown> }, path: string) {
  return async (input: I) => {
    try {
      await mutation.mutateAsync(input);
      fullPageLoad(path);
    } catch {
      // The failure is shown from the mutation's state.
    }
  };
}
