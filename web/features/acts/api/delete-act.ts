import { useDeleteFromCatalogue } from '../../../lib/catalogue-api';

/** DELETE /v1/acts/{id}. A deleted act leaves the venue slots it was scheduled in. */
export const useDeleteAct = () => useDeleteFromCatalogue('acts', 'venues');
