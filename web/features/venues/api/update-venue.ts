import type { UpdateVenueInput, Venue } from '../../../../contract/venues';
import { apiRequest } from '../../../lib/api-client';
import { useCatalogueMutation } from '../../../lib/catalogue-api';

/** PATCH /v1/venues/{id}/no_slots: the edit form; slots change only on the slots screen. */
export const updateVenue = ({ id, input }: { id: number; input: UpdateVenueInput }) =>
  apiRequest<Venue>(`/v1/venues/${id}/no_slots`, { method: 'PATCH', body: input });

export const useUpdateVenue = () => useCatalogueMutation(updateVenue, ['venues']);
