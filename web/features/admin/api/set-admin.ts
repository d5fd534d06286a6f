import type { Person, SetAdminInput } from '../../../../contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { useDeskMutation } from './desk-query';

/** PUT /v1/admin/users/{id}/admin */
export function useSetAdmin() {
  return useDeskMutation(({ id, input }: { id: number; input: SetAdminInput }) =>
    apiRequest<Person>(`/v1/admin/users/${id}/admin`, { method: 'PUT', body: input }),
  );
}
