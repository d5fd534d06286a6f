import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardResponse } from '../../../../contract/admin';
import { slotNumber } from '../../../../contract/act-status';

/** A figure with the list it counts one click away. */
function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <li className="list-group-item d-flex justify-content-between align-items-center">
      <Link to={to}>{label}</Link>
      <span className="badge text-bg-secondary rounded-pill">{value}</span>
    </li>
  );
}

interface FirstOfListProps<T> {
  /** What it lists, and where all of them are. */
  catalogue: 'acts' | 'venues';
  title: string;
  /** The first entries the server sent, and how many there are in all. */
  list: { total: number; data: T[] };
  none: string;
  children: (item: T) => ReactNode;
}

/** What the first entries of each list are the first by. */
const ORDER = { acts: 'name', venues: 'address' } as const;

/** A count in the heading over the first few of what it counts, with a link to all when cut short. */
function FirstOfList<T extends { id: number }>({ catalogue, title, list, none, children }: FirstOfListProps<T>) {
  const id = `figures-first-${catalogue}`;
  return (
    <section className="col-md-6" aria-labelledby={id}>
      <h3 id={id} className="h5">
        {title} ({list.total})
      </h3>
      {list.total === 0 ? (
        <p>{none}</p>
      ) : (
        <ul>
          {list.data.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
      {list.total > list.data.length && (
        <p className="small">
          The first {list.data.length} by {ORDER[catalogue]}; <Link to={`/${catalogue}`}>see all {catalogue}</Link>.
        </p>
      )}
    </section>
  );
}

export function DashboardFigures({ data }: { data: DashboardResponse }) {
  return (
    <div className="row g-4">
      <section className="col-md-4" aria-labelledby="figures-people">
        <h3 id="figures-people" className="h5">
          People
        </h3>
        <ul className="list-group">
          <Figure label="All users" value={data.users.total} to="/admin/people" />
          <Figure label="Admins" value={data.users.admin} to="/admin/people?role=admin" />
          <Figure label="Hosts" value={data.users.host} to="/admin/people?role=host" />
          <Figure label="Performers" value={data.users.performer} to="/admin/people?role=performer" />
        </ul>
      </section>
      <section className="col-md-4" aria-labelledby="figures-festival">
        <h3 id="figures-festival" className="h5">
          Festival
        </h3>
        <ul className="list-group">
          <Figure label="Venues" value={data.venues} to="/venues" />
          <Figure label="Acts" value={data.acts} to="/acts" />
          <Figure label="Scheduled sets" value={data.scheduled_sets} to="/schedule" />
        </ul>
      </section>
      <section className="col-md-4" aria-labelledby="figures-empty">
        <h3 id="figures-empty" className="h5">
          Empty venue slots
        </h3>
        <ul className="list-group">
          {data.empty_slots.map((slot) => (
            <Figure
              key={slot.slot_def}
              label={slot.slot_def}
              value={slot.empty}
              to={`/venues?${new URLSearchParams({ slot: slot.slot_def }).toString()}`}
            />
          ))}
        </ul>
      </section>
      <FirstOfList catalogue="acts" title="Acts not scheduled" list={data.unscheduled_acts} none="Every act has a set.">
        {(act) => (
          <>
            <Link to={`/acts/${act.id}`}>{act.name}</Link>
            {act.preferred_slots.length > 0 && (
              <> (prefers slot {act.preferred_slots.map((s) => slotNumber(s)).join(', ')})</>
            )}
          </>
        )}
      </FirstOfList>
      <FirstOfList
        catalogue="venues"
        title="Venues with no act"
        list={data.venues_without_act}
        none="Every venue has an act."
      >
        {(venue) => <Link to={`/venues/${venue.id}`}>{venue.address}</Link>}
      </FirstOfList>
    </div>
  );
}
