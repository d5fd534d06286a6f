import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FitNote, MatchingHealth } from '../../../../contract/matching';
import { slotTime } from '../../../components/catalogue/slot-times';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useMatchingHealth } from '../api/get-matching-health';
import { DeskTable } from './desk-table';

/** Where a porch's slots are fixed: the host's slots editor, which an admin may open too. */
const slotsEditor = (venueId: number) => `/venues/${venueId}/slots/edit`;

interface PartProps {
  id: string;
  title: string;
  /** How many there are in all, and how many the server listed (at most 200). */
  total: number;
  shown: number;
  none: string;
  children: ReactNode;
}

/** One list of the panel: a count in its heading, the list, or what it says when there is none. */
function Part({ id, title, total, shown, none, children }: PartProps) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h3 id={id} className="h5">
        {title} ({total})
      </h3>
      {total === 0 ? <p>{none}</p> : children}
      {total > shown && (
        <p className="small">
          The first {shown} of {total}.
        </p>
      )}
    </section>
  );
}

export function NoteList({ notes, className }: { notes: FitNote[]; className?: string }) {
  return (
    <ul className={`mb-0 ps-3 ${className ?? ''}`}>
      {notes.map((n) => (
        <li key={n.code}>{n.text}</li>
      ))}
    </ul>
  );
}

function MatchingLists({ health }: { health: MatchingHealth }) {
  const festival = useFestival().data;
  const { totals } = health;
  return (
    <>
      <Part
        id="matching-porches"
        title="Porches with no act yet"
        total={totals.venues_without_act}
        shown={health.venues_without_act.length}
        none="Every porch that offers slots has an act."
      >
        <DeskTable
          size="sm"
          caption="Porches that offer slots and have no act yet, by address"
          columns={['Porch', 'Open slots']}
        >
          {health.venues_without_act.map((v) => (
            <tr key={v.venue_id}>
              <td>
                <Link to={slotsEditor(v.venue_id)}>{v.address}</Link>
              </td>
              <td>{v.open_slots}</td>
            </tr>
          ))}
        </DeskTable>
      </Part>
      <Part
        id="matching-acts"
        title="Acts with no porch"
        total={totals.acts_without_venue}
        shown={health.acts_without_venue.length}
        none="Every act has a porch."
      >
        <DeskTable
          size="sm"
          caption="Acts with no porch, the hardest to place first, and why"
          columns={['Act', 'Open slots that fit', 'Why']}
        >
          {health.acts_without_venue.map((a) => (
            <tr key={a.act_id}>
              <td>
                <Link to={`/acts/${a.act_id}`}>{a.act_name}</Link>
              </td>
              <td>{a.fitting_slots}</td>
              <td>
                <NoteList notes={a.reasons} />
              </td>
            </tr>
          ))}
        </DeskTable>
      </Part>
      <Part
        id="matching-breaks"
        title="Rule breaks"
        total={totals.rule_breaks}
        shown={health.rule_breaks.length}
        none="No scheduled act breaks a matching rule."
      >
        <DeskTable
          size="sm"
          caption="Scheduled acts that break a matching rule, by slot"
          columns={['Slot', 'Porch', 'Act', 'What breaks']}
        >
          {health.rule_breaks.map((b) => {
            const time = slotTime(festival, b.slot_def);
            return (
              <tr key={`${b.venue_id}-${b.slot_def}`}>
                <td>
                  {b.slot_def}
                  {time && <span className="d-block small text-body-secondary">{time}</span>}
                </td>
                <td>
                  <Link to={slotsEditor(b.venue_id)}>{b.address}</Link>
                </td>
                <td>
                  <Link to={`/acts/${b.act_id}`}>{b.act_name}</Link>
                </td>
                <td>
                  {b.blocks.length > 0 && (
                    <>
                      <span className="fw-semibold">Hard rules, saved anyway:</span>
                      <NoteList notes={b.blocks} className="text-danger-emphasis" />
                    </>
                  )}
                  {b.warnings.length > 0 && (
                    <>
                      <span className="fw-semibold">Warnings:</span>
                      <NoteList notes={b.warnings} />
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </DeskTable>
      </Part>
    </>
  );
}

/**
 * The health of the matching (docs/decisions/0049-matchmaking.md): porches with no act yet, acts
 * with no porch and why, and the scheduled sets that break a rule of the fit model, by slot. Each
 * line links to where it is fixed: a porch's slots editor, an act's page.
 */
export function MatchingPanel() {
  const health = useMatchingHealth();
  if (health.isPending) return <PageLoading />;
  if (health.isError) return <ErrorAlert>{errorText(health.error)}</ErrorAlert>;
  return <MatchingLists health={health.data} />;
}
