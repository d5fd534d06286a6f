import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FilterSelect, type FilterSelectSpec } from './filter-select';
import { SearchBox } from './search-box';

/**
 * Each list's search row. The acts' selects show their labels (two slot filters side by side), and
 * their search box has its own row below the widest screens, so the placeholder is never cut off
 * (issue 28, item 9).
 */
const LAYOUT = {
  acts: { one: 'act', row: 'g-2 mb-3 align-items-end', search: { xs: 12, xxl: 3 }, visibleLabel: true },
  venues: { one: 'venue', row: 'g-2 mb-3', search: { md: 6 }, visibleLabel: false },
} as const;

interface ListSearchProps<Filters extends { search: string } & Record<Field, string>, Field extends string> {
  kind: keyof typeof LAYOUT;
  /** The list's texts: the search box's placeholder. */
  text: { searchPlaceholder: string };
  filters: Filters;
  /** Changes some of the filters (the address keeps them). */
  update: (change: Partial<Filters>) => void;
  /** The selects, each one field of the filters, with its column's width on large screens. */
  selects: ReadonlyArray<FilterSelectSpec<Field> & { lg?: number }>;
  /** Filters below the row (the venues' amenities). */
  children?: ReactNode;
}

/** The search region of /acts or /venues: the search box, the filter selects, and any other filters. */
export function ListSearch<Filters extends { search: string } & Record<Field, string>, Field extends string>({
  kind,
  text,
  filters,
  update,
  selects,
  children,
}: ListSearchProps<Filters, Field>) {
  const { one, row, search, visibleLabel } = LAYOUT[kind];
  return (
    <div role="search" aria-label={`Search and filter ${kind}`}>
      <Row className={row}>
        <Col {...search}>
          <SearchBox
            id={`${one}-search`}
            label={`Search ${kind}`}
            placeholder={text.searchPlaceholder}
            value={filters.search}
            onSearch={(value) => update({ search: value } as Partial<Filters>)}
          />
        </Col>
        {selects.map((select) => (
          <Col key={select.field} sm={6} md={3} lg={select.lg}>
            <FilterSelect
              id={`${one}-${select.field}`}
              label={select.label}
              visibleLabel={visibleLabel}
              anyLabel={select.anyLabel}
              options={select.options}
              value={filters[select.field]}
              onChange={(value) => update({ [select.field]: value } as Partial<Filters>)}
            />
          </Col>
        ))}
      </Row>
      {children}
    </div>
  );
}
