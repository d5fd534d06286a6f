import type { Act, ActListQuery, ActListResponse } from '../../../../contract/acts';
import { catalogueQueries } from '../../../lib/catalogue-api';

/** GET /v1/acts and GET /v1/acts/{id} (docs/behaviour.md#the-api). */
const acts = catalogueQueries<Act, ActListResponse, ActListQuery>('acts');

export const {
  useList: useActs,
  usePages: useActPages,
  useOne: useAct,
  keys: actKeys,
  firstPagePath: actsFirstPage,
} = acts;
