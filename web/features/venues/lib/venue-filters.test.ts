import { describe, expect, test } from 'vitest';
import { toQueryString } from '../../../lib/list-query';
import { hasVenueFilters, parseVenueFilters, venueFiltersToParams, venueListQuery } from './venue-filters';

const parse = (query: string) => parseVenueFilters(new URLSearchParams(query));

describe('venue list filters in the URL', () => {
  test('a shared link reads back as the same filters', () => {
    const filters = { search: 'maple st', genre: 'jazz', slot: 'Slot 2', amenities: ['step_free', 'shade'] } as const;
    const query = venueFiltersToParams({ ...filters, amenities: [...filters.amenities] }).toString();
    expect(query).toBe('search=maple+st&genre=jazz&slot=Slot+2&amenity=step_free&amenity=shade');
    expect(parse(query)).toEqual(filters);
  });

  test('unused filters are left out of the URL', () => {
    expect(venueFiltersToParams({ search: '', genre: 'folk', slot: '', amenities: [] }).toString()).toBe('genre=folk');
    expect(venueFiltersToParams({ search: '', genre: '', slot: '', amenities: [] }).toString()).toBe('');
  });

  test('an unknown genre or slot in an edited link is ignored, not sent', () => {
    expect(parse('genre=polka&slot=Slot 9&search=%20porch%20&amenity=pool&amenity=seating')).toEqual({
      search: 'porch',
      genre: '',
      slot: '',
      amenities: ['seating'],
    });
  });

  test('hasVenueFilters tells "no venues at all" from "none match"', () => {
    expect(hasVenueFilters(parse(''))).toBe(false);
    expect(hasVenueFilters(parse('search=x'))).toBe(true);
    expect(hasVenueFilters(parse('slot=Slot 1'))).toBe(true);
    expect(hasVenueFilters(parse('amenity=shade'))).toBe(true);
  });
});

describe('GET /v1/venues query', () => {
  test('no filters: first page of 100 with the total, newest update first', () => {
    expect(toQueryString(venueListQuery(parse('')))).toBe(
      '?offset=0&limit=100&include_total=true&order_by=-updated_time',
    );
  });

  test('genre, slot availability and search become the API parameters', () => {
    const query = new URLSearchParams(toQueryString(venueListQuery(parse('search=oak&genre=hiphop&slot=Slot 3'))));
    expect(query.get('search')).toBe('oak');
    expect(query.get('s_preferred_act_types__ilike')).toBe('hiphop');
    // 'Slot 3:true' in the spec: the slot is offered and still free.
    expect(query.get('available_slots__slot_def')).toBe('Slot 3');
    expect(query.get('available_slots__available_to_schedule')).toBe('true');
  });

  test('each amenity ticked asks for venues that offer it', () => {
    const query = new URLSearchParams(
      toQueryString(venueListQuery(parse('amenity=step_free&amenity=restroom_nearby'))),
    );
    expect(query.get('step_free')).toBe('true');
    expect(query.get('restroom_nearby')).toBe('true');
    expect(query.has('seating')).toBe(false);
    expect(query.has('shade')).toBe(false);
  });
});
