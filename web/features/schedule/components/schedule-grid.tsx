import { Fragment } from 'react';
import type { ScheduleEntry } from '../../../../contract/schedule';
import type { ScheduleColumn } from '../../../lib/schedule-times';
import { ScheduleCellView } from './schedule-cell';

interface Props {
  entries: readonly ScheduleEntry[];
  columns: readonly ScheduleColumn[];
}

/**
 * The schedule twice, and CSS shows one: a table (Location and the four slot columns) from
 * 576px up and on paper, and one card per venue on a phone, where five columns would need
 * sideways scrolling. The hidden one is display:none, so screen readers meet only one.
 */
export function ScheduleGrid({ entries, columns }: Props) {
  return (
    <>
      <div className="schedule-table-wrap">
        <table className="table table-bordered schedule-table">
          <caption className="visually-hidden">Who plays where and when</caption>
          <thead>
            <tr>
              <th scope="col" className="schedule-location">
                Location
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.key}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  <a href={entry.address_url}>{entry.address}</a>
                </th>
                {columns.map((c) => {
                  const cell = entry[c.key];
                  return <td key={c.key}>{cell && <ScheduleCellView cell={cell} />}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="list-unstyled schedule-cards">
        {entries.map((entry) => (
          <li key={entry.id} className="card mb-3">
            <div className="card-body">
              <h2 className="h5 card-title">
                <a href={entry.address_url}>{entry.address}</a>
              </h2>
              <dl className="mb-0">
                {columns.map((c) => {
                  const cell = entry[c.key];
                  return (
                    cell && (
                      <Fragment key={c.key}>
                        <dt>{c.title}</dt>
                        <dd>
                          <ScheduleCellView cell={cell} />
                        </dd>
                      </Fragment>
                    )
                  );
                })}
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
