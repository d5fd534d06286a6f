import type { ReactNode } from 'react';
import Table, { type TableProps } from 'react-bootstrap/Table';

/**
 * A list on the desk: a responsive table whose caption only screen readers hear, with a heading
 * per column; the rows are the children. On a phone the table scrolls sideways in its frame, which
 * is a named region a keyboard can reach and scroll (axe `scrollable-region-focusable`).
 */
export function DeskTable({
  caption,
  columns,
  children,
  ...table
}: TableProps & { caption: string; columns: readonly ReactNode[] }) {
  return (
    // A scrolling frame must take the keyboard's focus to be scrolled without a pointer.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region, as axe asks
    <div className="table-responsive" tabIndex={0} role="region" aria-label={caption}>
      <Table {...table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={i}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
