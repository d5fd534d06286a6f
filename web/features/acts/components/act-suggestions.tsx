import { Link } from 'react-router';
import type { ActSuggestion, FitNote } from '../../../../contract/matching';
import { slotTime } from '../../../components/catalogue/slot-times';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { ServerErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { useActSuggestions } from '../api/get-act-suggestions';

export const NO_SUGGESTIONS = 'No open porch slot fits this act right now. Hosts add slots until the schedule is out.';

function Notes({ label, notes, className }: { label: string; notes: FitNote[]; className?: string }) {
  if (notes.length === 0) return null;
  return (
    <div className={`small mb-1 ${className ?? ''}`}>
      <span className="fw-semibold">{label}</span>
      <ul className="mb-0">
        {notes.map((n) => (
          <li key={n.code}>{n.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** One open slot: the porch, the slot and its times, why it fits, what to check, and Contact. */
function Suggestion({ actId, suggestion: s }: { actId: number; suggestion: ActSuggestion }) {
  const festival = useFestival();
  const time = slotTime(festival.data, s.slot_def);
  const whereId = `fit-${actId}-${s.venue_id}-${s.slot_def.replace(/\W+/g, '-')}`;
  return (
    <li className="border rounded p-2 mb-2">
      <p className="mb-1" id={whereId}>
        <Link to={`/venues/${s.venue_id}`}>{s.address}</Link>, {s.slot_def}
        {time && `, ${time}`}
      </p>
      <Notes label="Why it fits" notes={s.reasons} />
      <Notes label="Check first" notes={s.warnings} className="text-warning-emphasis" />
      {/* docs/behaviour.md#contact-an-owner: the spec's Contact, to the porch's host; the line above names the porch. */}
      <Link className="btn btn-primary btn-sm mt-1" to={`/venues/${s.venue_id}/contact`} aria-describedby={whereId}>
        Contact
      </Link>
    </li>
  );
}

/**
 * The porches that fit an act (docs/decisions/0049-matchmaking.md): the open slots the server
 * ranks for it, best first, each with its reasons and warnings in the performer's words and the
 * spec's Contact flow to ask the host. Its code loads only for the act's owner or an admin
 * (owner-act-suggestions.tsx).
 */
export function ActSuggestions({ actId }: { actId: number }) {
  const suggestions = useActSuggestions(actId);
  useLoggedError(suggestions.error);
  if (suggestions.isPending) return <PageLoading />;
  if (suggestions.isError) return <ServerErrorAlert error={suggestions.error} />;
  const { data, total } = suggestions.data;
  if (data.length === 0) return <p className="mb-0">{NO_SUGGESTIONS}</p>;
  return (
    <>
      <p className="small text-body-secondary mb-2">
        {total > data.length
          ? `The best ${data.length} of ${total} open slots that fit, best first.`
          : `${total} open ${total === 1 ? 'slot fits' : 'slots fit'}, best first.`}{' '}
        Write to a host to ask for a slot; the host schedules you.
      </p>
      <ol className="list-unstyled mb-0">
        {data.map((s) => (
          <Suggestion key={`${s.venue_id}-${s.slot_def}`} actId={actId} suggestion={s} />
        ))}
      </ol>
    </>
  );
}
