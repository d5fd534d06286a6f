import { useDeleteFromCatalogue } from '../../../lib/catalogue-api';

/**
 * DELETE /v1/venues/{id}. Acts show where they are scheduled, and deleting a venue unschedules
 * them (docs/behaviour.md#states-and-transitions).
 */
export const useDeleteVenue = () => useDeleteFromCatalogue('venues', 'acts');
