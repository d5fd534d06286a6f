import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MatchingHealth } from '../../../../contract/matching';
import { slotTime } from '../../../components/catalogue/slot-times';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useMatchingHealth } from '../api/get-matching-health';
import { CountedList, LabelledNotes, NoteList } from './counted-list';

/** Where a porch's slots are fixed: the host's slots editor, which an admin may open too. */
const slotsEditor = (venueId: number) => `/venues/${venueId}/slots/edit`;

/** Links to where a line is fixed: a porch's slots editor, an act's page. */
const PorchLink = ({ id, address }: { id: number; address: string }) => <Link to={slotsEditor(id)}>{address}</Link>;
const ActLink = ({ id, name }: { id: number; name: string }) => <Link to={`/acts/${id}`}>{name}</Link>;

/** The panel's lists, by their field in the answer: what each is called and shows. */
const LISTS: Record<
  keyof MatchingHealth['totals'],
  { id: string; title: string; none: string; caption: string; columns: string[] }
> = {
  venues_without_act: {
    id: 'matching-porches',
    title: 'Porches with no act yet',
    none: 'Every porch that offers slots has an act.',
    caption: 'Porches that offer slots and have no act yet, by address',
    columns: ['Porch', 'Open slots'],
  },
  acts_without_venue: {
    id: 'matching-acts',
    title: 'Acts with no porch',
    none: 'Every act has a porch.',
    caption: 'Acts with no porch, the hardest to place first, and why',
    columns: ['Act', 'Open slots that fit', 'Why'],
  },
  rule_breaks: {
    id: 'matching-breaks',
    title: 'Rule breaks',
    none: 'No scheduled act breaks a matching rule.',
    caption: 'Scheduled acts that break a matching rule, by slot',
    columns: ['Slot', 'Porch', 'Act', 'What breaks'],
  },
};

/** One of the panel's lists: how many there are in all, and how many the server listed (at most 200). */
function HealthList({
  health,
  list,
  children,
}: {
  health: MatchingHealth;
  list: keyof MatchingHealth['totals'];
  children: ReactNode;
}) {
  return (
    <CountedList level={3} {...LISTS[list]} total={health.totals[list]} shown={health[list].length}>
      {children}
    </CountedList>
  );
}

function MatchingLists({ health }: { health: MatchingHealth }) {
  const festival = useFestival().data;
  return (
    <>
      <HealthList health={health} list="venues_without_act">
        {health.venues_without_act.map((v) => (
          <tr key={v.venue_id}>
            <td>
              <PorchLink id={v.venue_id} address={v.address} />
            </td>
            <td>{v.open_slots}</td>
          </tr>
        ))}
      </HealthList>
      <HealthList health={health} list="acts_without_venue">
        {health.acts_without_venue.map((a) => (
          <tr key={a.act_id}>
            <td>
              <ActLink id={a.act_id} name={a.act_name} />
            </td>
            <td>{a.fitting_slots}</td>
            <td>
              <NoteList notes={a.reasons} />
            </td>
          </tr>
        ))}
      </HealthList>
      <HealthList health={health} list="rule_breaks">
        {health.rule_breaks.map((b) => {
          const time = slotTime(festival, b.slot_def);
          return (
            <tr key={`${b.venue_id}-${b.slot_def}`}>
              <td>
                {b.slot_def}
                {time && <span className="d-block small text-body-secondary">{time}</span>}
              </td>
              <td>
                <PorchLink id={b.venue_id} address={b.address} />
              </td>
              <td>
                <ActLink id={b.act_id} name={b.act_name} />
              </td>
              <td>
                <LabelledNotes label="Hard rules, saved anyway:" notes={b.blocks} className="text-danger-emphasis" />
                <LabelledNotes label="Warnings:" notes={b.warnings} />
              </td>
            </tr>
          );
        })}
      </HealthList>
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
