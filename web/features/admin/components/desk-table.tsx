import type { ReactNode } from 'react';
import Table, { type TableProps } from 'react-bootstrap/Table';

/**
 * A list on the desk: a responsive table whose caption only screen readers hear, with a heading
 * per column; the rows are the children.
 */
export function DeskTable({
  caption,
  columns,
  children,
  ...table
}: TableProps & { caption: string; columns: readonly ReactNode[] }) {
  return (
    <Table responsive {...table}>
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
  );
}
