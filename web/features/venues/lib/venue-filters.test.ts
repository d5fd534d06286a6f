import { describe, expect, test } from 'vitest';
import { toQueryString } from '../../../lib/list-query';
import { hasVenueFilters, parseVenueFilters, venueFiltersToParams, venueListQuery } from './venue-filters';

const parse = (query: string) => parseVenueFilters(new URLSearchParams(query));

describe('venue list filters in the URL', () => {
  test('a shared link reads back as the same filters', () => {
    const filters = { search: 'maple st', genre: 'jazz', slot: 'Slot 2' } as const;
    const query = venueFiltersToParams(filters).toString();
    expect(query).toBe('search=maple+st&genre=jazz&slot=Slot+2');
    expect(parse(query)).toEqual(filters);
  });

  test('unused filters are left out of the URL', () => {
    expect(venueFiltersToParams({ search: '', genre: 'folk', slot: '' }).toString()).toBe('genre=folk');
    expect(venueFiltersToParams({ search: '', genre: '', slot: '' }).toString()).toBe('');
  });

  test('an unknown genre or slot in an edited link is ignored, not sent', () => {
    expect(parse('genre=polka&slot=Slot 9&search=%20porch%20')).toEqual({ search: 'porch', genre: '', slot: '' });
  });

  test('hasVenueFilters tells "no venues at all" from "none match"', () => {
    expect(hasVenueFilters(parse(''))).toBe(false);
    expect(hasVenueFilters(parse('search=x'))).toBe(true);
    expect(hasVenueFilters(parse('slot=Slot 1'))).toBe(true);
  });
});

describe('GET /v1/venues query (spec 7)', () => {
  test('no filters: first page of 100 with the total, newest update first', () => {
    expect(toQueryString(venueListQuery(parse('')))).toBe(
      '?offset=0&limit=100&include_total=true&order_by=-updated_time',
    );
  });

  test('genre, slot availability and search become the spec 7 parameters', () => {
    const query = new URLSearchParams(toQueryString(venueListQuery(parse('search=oak&genre=hiphop&slot=Slot 3'))));
    expect(query.get('search')).toBe('oak');
    expect(query.get('s_preferred_act_types__ilike')).toBe('hiphop');
    // 'Slot 3:true' in the spec: the slot is offered and still free.
    expect(query.get('available_slots__slot_def')).toBe('Slot 3');
    expect(query.get('available_slots__available_to_schedule')).toBe('true');
  });
});
