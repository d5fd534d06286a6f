import { describe, expect, test } from 'vitest';
import { toQueryString } from '../../../lib/list-query';
import { actFiltersToParams, actListQuery, hasActFilters, parseActFilters } from './act-filters';

const parse = (query: string) => parseActFilters(new URLSearchParams(query));

describe('act list filters in the URL', () => {
  test('a shared link reads back as the same filters', () => {
    const filters = {
      search: 'brass band',
      genre: 'brass',
      slot: 'Slot 4',
      plays: 'Slot 2',
      status: 'looking',
    } as const;
    const query = actFiltersToParams(filters).toString();
    expect(query).toBe('search=brass+band&genre=brass&slot=Slot+4&plays=Slot+2&status=looking');
    expect(parse(query)).toEqual(filters);
  });

  test('unknown values in an edited link are ignored', () => {
    expect(parse('genre=x&slot=1&plays=Slot 9&status=maybe')).toEqual({
      search: '',
      genre: '',
      slot: '',
      plays: '',
      status: '',
    });
    expect(hasActFilters(parse('status=scheduled'))).toBe(true);
    expect(hasActFilters(parse(''))).toBe(false);
  });

  test('genre, slot, "Plays at" and the status go to the server', () => {
    const query = new URLSearchParams(
      toQueryString(actListQuery(parse('genre=jazz&slot=Slot 2&plays=Slot 3&status=scheduled&search=trio'))),
    );
    expect(Object.fromEntries(query)).toEqual({
      offset: '0',
      limit: '100',
      include_total: 'true',
      order_by: '-updated_time',
      search: 'trio',
      type: 'jazz',
      s_preferred_slots__ilike: 'Slot 2',
      scheduled_slot: 'Slot 3',
      status: 'scheduled',
    });
  });
});
