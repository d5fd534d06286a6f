import type { CreateVenueInput, Venue } from '../../../../contract/venues';
import { apiPost } from '../../../lib/api-client';
import { useCatalogueMutation } from '../../../lib/catalogue-api';

/** POST /v1/venues: the venue with its offered slots (hosts and admins). */
export const createVenue = (input: CreateVenueInput) => apiPost<Venue>('/v1/venues', input);

export const useCreateVenue = () => useCatalogueMutation(createVenue, ['venues']);
