import type { Venue, VenueListQuery, VenueListResponse } from '../../../../contract/venues';
import { catalogueQueries } from '../../../lib/catalogue-api';

/** GET /v1/venues and GET /v1/venues/{id} (docs/behaviour.md#the-api). */
const venues = catalogueQueries<Venue, VenueListResponse, VenueListQuery>('venues');

export const {
  useList: useVenues,
  usePages: useVenuePages,
  useOne: useVenue,
  keys: venueKeys,
  firstPagePath: venuesFirstPage,
} = venues;
