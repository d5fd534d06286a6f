import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { RainSet, RainUnavailable } from '../../../../contract/admin';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { dateAndTime } from '../../public/lib/festival-text';
import { useRainDate } from '../api/get-rain-date';
import { useSetRainDate } from '../api/set-rain-date';

function UnavailableList({
  id,
  title,
  items,
  to,
}: {
  id: string;
  title: string;
  items: RainUnavailable[];
  to: string;
}) {
  return (
    <div className="col-md-6">
      <h3 id={id} className="h6">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul aria-labelledby={id}>
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`${to}/${item.id}`}>{item.label}</Link>
              {item.scheduled && <strong> (scheduled)</strong>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const CAUSE: Record<RainSet['cause'], string> = {
  act: 'the act cannot come',
  venue: 'the porch cannot host',
  both: 'neither can come',
};

/**
 * The sets that cannot happen on the rain date (docs/decisions/0054-rain-date-and-release.md):
 * while it is in force the public schedule leaves them out; each links to its porch's slots
 * editor, and the draft schedule's rain-day re-plan places their acts again.
 */
function RainSets({ sets, active }: { sets: RainSet[]; active: boolean }) {
  return (
    <>
      <h3 id="rain-sets" className="h6">
        Sets not on the rain date ({sets.length})
      </h3>
      {sets.length === 0 ? (
        <p>None: every scheduled set can happen on the rain date.</p>
      ) : (
        <>
          <p>
            {active
              ? 'The public schedule, the map, My day and the calendars leave these sets out today.'
              : 'On the rain date the public schedule, the map, My day and the calendars leave these sets out.'}{' '}
            To re-plan them, draft the schedule for the rain date in the <a href="#desk-draft">Draft schedule</a> panel
            (“The rain date”): it keeps every set that can still happen that day and re-places the rest. Or change a
            porch’s slots yourself.
          </p>
          <ul aria-labelledby="rain-sets">
            {sets.map((set) => (
              <li key={`${set.venue_id} ${set.slot_def}`}>
                {set.slot_def} at <Link to={`/venues/${set.venue_id}/slots/edit`}>{set.address}</Link>:{' '}
                <Link to={`/acts/${set.act_id}`}>{set.act_name}</Link> ({CAUSE[set.cause]})
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * The rain date switch: one action moves every page's date, the schedule and the mails to the rain
 * date, and e-mails each host and performer with a set; it asks once more before it does.
 */
export function RainDatePanel() {
  const festival = useFestival();
  const status = useRainDate();
  const save = useSetRainDate();
  const [confirming, setConfirming] = useState(false);

  if (status.isPending || festival.isPending) return <PageLoading />;
  if (status.isError) return <ErrorAlert>{errorText(status.error)}</ErrorAlert>;
  if (festival.isError) return <ErrorAlert>{errorText(festival.error)}</ErrorAlert>;
  const active = status.data.rain_date_active;
  const target = active ? festival.data.event : festival.data.rain_date;

  const doSwitch = () => save.mutate({ active: !active }, { onSettled: () => setConfirming(false) });

  return (
    <>
      <p>
        {active
          ? `The festival is on the rain date: ${dateAndTime(festival.data.rain_date)}.`
          : `The festival is on its date: ${dateAndTime(festival.data.event)}.`}
      </p>
      {confirming ? (
        <div className="border rounded p-3 mb-3">
          <p id="rain-confirm-text">
            Move the festival to {dateAndTime(target)}? Every page, the schedule and the e-mails show that date, and
            every host and performer with a scheduled set is e-mailed.
          </p>
          <div className="d-flex gap-2">
            <Button variant="danger" disabled={save.isPending} onClick={doSwitch} aria-describedby="rain-confirm-text">
              {active ? 'Yes, back to the festival date' : 'Yes, move to the rain date'}
            </Button>
            <Button variant="outline-secondary" disabled={save.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant={active ? 'outline-primary' : 'warning'} onClick={() => setConfirming(true)} className="mb-3">
          {active ? 'Switch back to the festival date' : 'Switch to the rain date'}
        </Button>
      )}
      <div role="status">
        {save.isSuccess &&
          `Done. ${save.data.mailed} ${save.data.mailed === 1 ? 'e-mail' : 'e-mails'} queued to hosts and performers with a scheduled set.`}
      </div>
      {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      <h3 className="h5 mt-3">Not available on the rain date</h3>
      <div className="row">
        <UnavailableList id="rain-acts" title="Acts" items={status.data.acts} to="/acts" />
        <UnavailableList id="rain-venues" title="Venues" items={status.data.venues} to="/venues" />
      </div>
      <RainSets sets={status.data.sets} active={active} />
    </>
  );
}
