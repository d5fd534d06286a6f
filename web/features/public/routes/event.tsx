import { Link } from 'react-router';
import type { FestivalResponse } from '../../../../contract/festival';
import { eventText } from '../../../../contract/page-previews';
import { longDate } from '../../../components/catalogue/festival-dates';
import { PublicPage } from '../components/public-page';
import { dateAndTime, editionName } from '../lib/festival-text';

const TAKE_PART = [
  { to: '/register', label: 'Register', what: 'as a host with a porch or as a performer with an act' },
  { to: '/acts', label: 'Acts', what: 'everyone who has signed up to play' },
  { to: '/venues', label: 'Venues', what: 'the porches and yards offered by hosts' },
  { to: '/faq', label: 'FAQ', what: 'how registering, matching and the day itself work' },
];

function EventContent({ festival }: { festival: FestivalResponse }) {
  return (
    <>
      <h1>{editionName(festival)}</h1>
      <section aria-labelledby="save-the-date" className="mb-4">
        <h2 id="save-the-date" className="h4">
          Save the date
        </h2>
        {festival.rain_date_active ? (
          <>
            <p className="lead mb-1">{dateAndTime(festival.rain_date)}</p>
            <p>
              Moved to the rain date from <strong>{dateAndTime(festival.event)}</strong>
            </p>
          </>
        ) : (
          <>
            <p className="lead mb-1">{dateAndTime(festival.event)}</p>
            <p>
              Rain date: <strong>{dateAndTime(festival.rain_date)}</strong>
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="key-dates" className="mb-4">
        <h2 id="key-dates" className="h4">
          Key dates
        </h2>
        <table className="table table-striped w-auto">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {festival.key_dates.map((keyDate) => (
              <tr key={`${keyDate.label}-${keyDate.date}`}>
                <th scope="row" className="fw-normal">
                  {keyDate.label}
                </th>
                <td>{longDate(keyDate.date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="take-part">
        <h2 id="take-part" className="h4">
          Take part
        </h2>
        <ul>
          {TAKE_PART.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>: {item.what}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * /{product} (docs/behaviour.md#event-page): this edition's save-the-date, rain date, key dates and
 * where to take part.
 */
export function EventPage() {
  return <PublicPage meta={eventText}>{(festival) => <EventContent festival={festival} />}</PublicPage>;
}
