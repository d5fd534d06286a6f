import type { Act, ActInput } from '../../../../contract/acts';
import { apiPost } from '../../../lib/api-client';
import { useCatalogueMutation } from '../../../lib/catalogue-api';

/** POST /v1/acts (performers and admins). */
export const createAct = (input: ActInput) => apiPost<Act>('/v1/acts', input);

export const useCreateAct = () => useCatalogueMutation(createAct, ['acts']);
