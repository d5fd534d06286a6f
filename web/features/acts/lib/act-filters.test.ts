import { describe, expect, test } from 'vitest';
import type { Act } from '../../../../contract/acts';
import { toQueryString } from '../../../lib/list-query';
import { actFiltersToParams, actListQuery, filterByStatus, hasActFilters, parseActFilters } from './act-filters';

const parse = (query: string) => parseActFilters(new URLSearchParams(query));

const looking = { id: 1, scheduled_venue_slots: [] as Act['scheduled_venue_slots'] };
const scheduled = {
  id: 2,
  scheduled_venue_slots: [
    { slot_def: 'Slot 1', venue: { id: 9, address: '1 Elm St' } },
  ] as Act['scheduled_venue_slots'],
};

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

  test('genre and slot go to the server; the status filter does not', () => {
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
    });
  });

  test('the status filter keeps acts looking for a host or acts scheduled with one', () => {
    expect(filterByStatus([looking, scheduled], '').map((a) => a.id)).toEqual([1, 2]);
    expect(filterByStatus([looking, scheduled], 'looking').map((a) => a.id)).toEqual([1]);
    expect(filterByStatus([looking, scheduled], 'scheduled').map((a) => a.id)).toEqual([2]);
  });
});
