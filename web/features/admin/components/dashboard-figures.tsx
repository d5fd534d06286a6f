import { Link } from 'react-router';
import type { DashboardResponse } from '../../../../contract/admin';
import { slotNumber } from '../../../../contract/acts';

/** A figure with the list it counts one click away. */
function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <li className="list-group-item d-flex justify-content-between align-items-center">
      <Link to={to}>{label}</Link>
      <span className="badge text-bg-secondary rounded-pill">{value}</span>
    </li>
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
      <section className="col-md-6" aria-labelledby="figures-unscheduled">
        <h3 id="figures-unscheduled" className="h5">
          Acts not scheduled ({data.unscheduled_acts.total})
        </h3>
        {data.unscheduled_acts.total === 0 ? (
          <p>Every act has a set.</p>
        ) : (
          <ul>
            {data.unscheduled_acts.data.map((act) => (
              <li key={act.id}>
                <Link to={`/acts/${act.id}`}>{act.name}</Link>
                {act.preferred_slots.length > 0 && (
                  <> (prefers slot {act.preferred_slots.map((s) => slotNumber(s)).join(', ')})</>
                )}
              </li>
            ))}
          </ul>
        )}
        {data.unscheduled_acts.total > data.unscheduled_acts.data.length && (
          <p className="small">
            The first {data.unscheduled_acts.data.length} by name; <Link to="/acts">see all acts</Link>.
          </p>
        )}
      </section>
      <section className="col-md-6" aria-labelledby="figures-actless">
        <h3 id="figures-actless" className="h5">
          Venues with no act ({data.venues_without_act.total})
        </h3>
        {data.venues_without_act.total === 0 ? (
          <p>Every venue has an act.</p>
        ) : (
          <ul>
            {data.venues_without_act.data.map((venue) => (
              <li key={venue.id}>
                <Link to={`/venues/${venue.id}`}>{venue.address}</Link>
              </li>
            ))}
          </ul>
        )}
        {data.venues_without_act.total > data.venues_without_act.data.length && (
          <p className="small">
            The first {data.venues_without_act.data.length} by address; <Link to="/venues">see all venues</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
