import { useQuery } from '@tanstack/react-query';
import type { UserResources } from '../../../../contract/profiles';
import { apiGet } from '../../../lib/api-client';

/**
 * The lookup of a user's resources by e-mail (the API leaves its path open; e-mail addresses
 * are private, so only admins and the person themselves may ask): name, venues and acts.
 */
export const getUserResourcesByEmail = (email: string, signal?: AbortSignal) =>
  apiGet<UserResources>(`/v1/auth/user/resources?${new URLSearchParams({ email }).toString()}`, { signal });

export function useUserResourcesByEmail(email: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['user-resources', 'by-email', email.toLowerCase()],
    queryFn: ({ signal }) => getUserResourcesByEmail(email, signal),
    enabled: options.enabled,
  });
}
