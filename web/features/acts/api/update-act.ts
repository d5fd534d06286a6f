import type { Act, ActInput } from '../../../../contract/acts';
import { apiRequest } from '../../../lib/api-client';
import { useCatalogueMutation } from '../../../lib/catalogue-api';

/** PATCH /v1/acts/{id}: the whole act form. */
export const updateAct = ({ id, input }: { id: number; input: ActInput }) =>
  apiRequest<Act>(`/v1/acts/${id}`, { method: 'PATCH', body: input });

// A venue's card names the act scheduled in its slots, so venue lists change too.
export const useUpdateAct = () => useCatalogueMutation(updateAct, ['acts', 'venues']);
