import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { ApplyDraftResult, Draft, DraftDay, DraftKeep } from '../../../../contract/drafts';
import { slotTime } from '../../../components/catalogue/slot-times';
import { ServerErrorAlert } from '../../../components/ui/error-alert';
import { useFestival } from '../../../lib/festival';
import { useApplyScheduleDraft } from '../api/apply-schedule-draft';
import { changeKey, changesApplied, isChange, slotKey, slotsOf, type DraftChangeRow } from './draft-changes';
import { DeskTable } from './desk-table';
import { CountedList, LabelledNotes, NoteList } from './counted-list';

export const DAY_LABELS: Record<DraftDay, string> = { festival: 'the festival day', rain: 'the rain date' };
export const KEEP_LABELS: Record<DraftKeep, string> = {
  scheduled: 'keep every current set and fill around them',
  none: 're-plan everything, moving as few sets as possible',
};

const FIGURES = [
  ['acts_placed', 'Acts placed'],
  ['porches_used', 'Porches used'],
  ['soft_breaks', 'Sets breaking a soft rule'],
  ['hard_breaks', 'Sets breaking a hard rule'],
] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Figures({ draft }: { draft: Draft }) {
  const { before, after } = draft;
  if (!before || !after) return null;
  return (
    <DeskTable size="sm" caption="The schedule now and after the draft" columns={['Figure', 'Now', 'Draft']}>
      {FIGURES.map(([key, label]) => (
        <tr key={key}>
          <th scope="row">{label}</th>
          <td>{before[key]}</td>
          <td>{after[key]}</td>
        </tr>
      ))}
    </DeskTable>
  );
}

/** How good the answer is and how long it took: proven the best, or the gap left at the time limit. */
function Quality({ draft }: { draft: Draft }) {
  const seconds = draft.solve_ms === null ? null : (draft.solve_ms / 1000).toFixed(1);
  const quality = draft.optimal
    ? 'Proven the best schedule the rules allow.'
    : draft.gap === null
      ? 'The best found within the time limit, not proven the best.'
      : `The best found within the time limit, at most ${(draft.gap * 100).toFixed(1)}% from the best possible.`;
  return (
    <p>
      {quality} {seconds !== null && `Solved in ${seconds} s.`}
    </p>
  );
}

const VERBS = {
  new: (c: DraftChangeRow) => `Add ${c.act_name} at ${c.address}, ${c.slot_def}`,
  moved: (c: DraftChangeRow) => `Move ${c.act_name} to ${c.address}, ${c.slot_def}`,
  removed: (c: DraftChangeRow) => `Remove ${c.act_name} from ${c.address}, ${c.slot_def}`,
};

interface RowsProps {
  rows: DraftChangeRow[];
  /** The changes an apply of the ticked venue slots makes, and those already applied. */
  selected: ReadonlySet<DraftChangeRow>;
  chosen: ReadonlySet<string>;
  applied: ReadonlySet<string>;
  onToggle: (row: DraftChangeRow) => void;
  /** Where each moving act plays now, for a moved set's line. */
  movingFrom: Map<number, DraftChangeRow[]>;
}

function ChangeRows({ rows, selected, chosen, applied, onToggle, movingFrom }: RowsProps) {
  const festival = useFestival().data;
  return rows.map((c) => {
    const key = changeKey(c);
    const id = `draft-change-${key.replace(/\W+/g, '-')}`;
    const time = slotTime(festival, c.slot_def);
    // A removal ticked only because its act's move is: it goes with the move.
    const implied = selected.has(c) && !chosen.has(slotKey(c));
    const from = c.change === 'moved' ? (movingFrom.get(c.act_id) ?? []) : [];
    return (
      <tr key={key}>
        <td>
          {applied.has(key) ? (
            <span className="badge text-bg-success">Applied</span>
          ) : (
            <>
              <input
                type="checkbox"
                className="form-check-input"
                id={id}
                checked={selected.has(c)}
                disabled={implied}
                aria-describedby={implied ? `${id}-note` : undefined}
                onChange={() => onToggle(c)}
              />
              <label htmlFor={id} className="visually-hidden">
                {VERBS[c.change](c)}
              </label>
              {implied && (
                <span id={`${id}-note`} className="d-block small">
                  With its move
                </span>
              )}
            </>
          )}
        </td>
        <td>
          {c.slot_def}
          {time && <span className="d-block small text-body-secondary">{time}</span>}
        </td>
        <td>
          <Link to={`/venues/${c.venue_id}`}>{c.address}</Link>
        </td>
        <td>
          <Link to={`/acts/${c.act_id}`}>{c.act_name}</Link>
        </td>
        <td>
          {from.length > 0 && (
            <p className="mb-1">Now at {from.map((f) => `${f.slot_def}, ${f.address}`).join(' and ')}.</p>
          )}
          {c.change !== 'removed' && <span className="fw-semibold">Score {c.score}:</span>}
          <NoteList notes={c.reasons} />
          <LabelledNotes label="Warnings:" notes={c.warnings} className="text-danger-emphasis" />
        </td>
      </tr>
    );
  });
}

const CHANGE_COLUMNS = ['Apply', 'Slot', 'Porch', 'Act', 'Score and reasons'];

/** The review's lists of changes, each of one kind, in this order. */
const CHANGE_GROUPS: {
  change: DraftChangeRow['change'];
  title: string;
  none: string;
  caption: string;
  columns: string[];
}[] = [
  {
    change: 'new',
    title: 'New sets',
    none: 'No new sets.',
    caption: 'New sets, by slot, with their score and reasons',
    columns: CHANGE_COLUMNS,
  },
  {
    change: 'moved',
    title: 'Moved sets',
    none: 'No set moves.',
    caption: 'Sets that move, by their new slot, with their score and reasons',
    columns: CHANGE_COLUMNS,
  },
  {
    change: 'removed',
    title: 'Sets removed or unable to happen',
    none: 'No current set is removed.',
    caption: 'Current sets the draft removes, and why',
    columns: ['Apply', 'Slot', 'Porch', 'Act', 'Why'],
  },
];

/**
 * A finished draft as changes to review (docs/behaviour.md#the-draft-schedule): the figures before
 * and after, then new sets, moved sets and removed sets, each with its reasons, and the acts still
 * without a porch. The committee ticks the changes it wants (a venue slot at a time, as the apply
 * names them) and applies those, or all. Nothing changes before that.
 */
export function DraftReview({ draft }: { draft: Draft }) {
  const apply = useApplyScheduleDraft();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<ApplyDraftResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  // The review replaces the form's answer: focus goes to its heading, once per draft.
  useEffect(() => heading.current?.focus(), []);
  // After an apply, to what it did or why it was refused.
  useEffect(() => {
    if (result || apply.isError) outcome.current?.focus();
  }, [result, apply.isError]);

  const changes = draft.assignments.filter(isChange);
  const pending = changes.filter((c) => !applied.has(changeKey(c)));
  const selected = new Set(changesApplied(pending, chosen));
  const kept = draft.assignments.length - changes.length;
  const byChange = (kind: DraftChangeRow['change']) => changes.filter((c) => c.change === kind);
  const movingFrom = new Map<number, DraftChangeRow[]>();
  for (const r of byChange('removed'))
    if (changes.some((c) => c.change === 'moved' && c.act_id === r.act_id))
      movingFrom.set(r.act_id, [...(movingFrom.get(r.act_id) ?? []), r]);

  const toggle = (row: DraftChangeRow) =>
    setChosen((now) => {
      const next = new Set(now);
      const key = slotKey(row);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const run = (these: DraftChangeRow[], all: boolean) => {
    setResult(null);
    apply.mutate(
      // All of it, the first time, is the apply without a list; after that, what is left of it.
      { id: draft.id, input: all && applied.size === 0 ? {} : { changes: slotsOf(these) } },
      {
        onSuccess: (answer) => {
          setApplied((now) => new Set([...now, ...these.map(changeKey)]));
          setChosen(new Set());
          setResult(answer);
        },
      },
    );
  };

  const rows = { selected, chosen, applied, onToggle: toggle, movingFrom };
  return (
    <div className="border rounded p-3">
      <h3 ref={heading} tabIndex={-1} className="h5">
        Draft {draft.id}: {DAY_LABELS[draft.day]}, {KEEP_LABELS[draft.keep]}
      </h3>
      <Quality draft={draft} />
      <Figures draft={draft} />
      <p>
        {plural(changes.length, 'change')} to review; {plural(kept, 'current set stays', 'current sets stay')} as{' '}
        {kept === 1 ? 'it is' : 'they are'}. Nothing changes until you apply.
      </p>

      {CHANGE_GROUPS.map((group) => (
        <CountedList
          key={group.change}
          id={`draft-${group.change}`}
          title={group.title}
          level={4}
          total={byChange(group.change).length}
          none={group.none}
          caption={group.caption}
          columns={group.columns}
        >
          <ChangeRows rows={byChange(group.change)} {...rows} />
        </CountedList>
      ))}
      <CountedList
        id="draft-unplaced"
        title="Acts still without a porch"
        total={draft.unplaced.length}
        none="Every act has a porch in this draft."
        level={4}
        caption="Acts the draft cannot place, and why"
        columns={['Act', 'Why']}
      >
        {draft.unplaced.map((a) => (
          <tr key={a.act_id}>
            <td>
              <Link to={`/acts/${a.act_id}`}>{a.act_name}</Link>
            </td>
            <td>
              <NoteList notes={a.reasons} />
            </td>
          </tr>
        ))}
      </CountedList>

      {pending.length > 0 && (
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" disabled={apply.isPending} onClick={() => run(pending, true)}>
            {applied.size === 0 ? 'Apply all' : `Apply the rest (${pending.length})`}
          </Button>
          <Button
            variant="outline-primary"
            disabled={apply.isPending || selected.size === 0}
            onClick={() => run([...selected], false)}
          >
            Apply selected ({selected.size})
          </Button>
        </div>
      )}
      <div ref={outcome} tabIndex={-1}>
        <div role="status">
          {result && (
            <p className="alert alert-success mt-3 mb-0">
              Applied {plural(result.applied, 'change')}. {plural(result.notices, 'notice')} to hosts and performers
              queued.
            </p>
          )}
        </div>
        <ServerErrorAlert error={apply.error} />
      </div>
    </div>
  );
}
