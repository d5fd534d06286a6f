import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Draft, DraftDay, DraftKeep } from '../../../../contract/drafts';
import { ErrorAlert, ServerErrorAlert } from '../../../components/ui/error-alert';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useCreateScheduleDraft } from '../api/create-schedule-draft';
import { useScheduleDraft } from '../api/get-schedule-draft';
import { DraftReview } from './draft-review';

/** One choice of the draft's form: a radio button for each of `choices`, under a legend. */
function RadioGroup<V extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="col-md-6 mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {choices.map((c) => (
        <Form.Check
          key={c.value}
          type="radio"
          id={`${name}-${c.value}`}
          name={name}
          label={c.label}
          checked={value === c.value}
          onChange={() => onChange(c.value)}
        />
      ))}
    </fieldset>
  );
}

const DAYS: { value: DraftDay; label: string }[] = [
  { value: 'festival', label: 'The festival day' },
  { value: 'rain', label: 'The rain date (only porches and acts available that day)' },
];
const KEEPS: { value: DraftKeep; label: string }[] = [
  { value: 'scheduled', label: 'Keep every current set and fill around them' },
  { value: 'none', label: 'Re-plan everything, moving as few sets as possible' },
];

/** What the live region says of the draft asked for. */
function statusText(draft: Draft | undefined, limitS: number | undefined): string {
  if (!draft) return '';
  if (draft.status === 'solving') return `Solving… up to ${limitS ?? 60} seconds.`;
  if (draft.status === 'failed') return 'The draft failed.';
  const changes = draft.assignments.filter((a) => a.change !== 'kept').length;
  return `Draft ${draft.id} is ready: ${changes} ${changes === 1 ? 'change' : 'changes'} to review.`;
}

/**
 * The committee's draft schedule (docs/behaviour.md#the-draft-schedule): the day and what to keep,
 * then a draft solved on the server, asked about every second until it is done, then its changes
 * to review and apply.
 */
export function DraftSchedulePanel() {
  const festival = useFestival().data;
  const [day, setDay] = useState<DraftDay>('festival');
  const [keep, setKeep] = useState<DraftKeep>('scheduled');
  const [draftId, setDraftId] = useState<number | null>(null);
  const create = useCreateScheduleDraft();
  const draft = useScheduleDraft(draftId);
  const solving = draft.data?.status === 'solving';

  // Not `disabled` while busy: the button keeps the focus it has, and the status says why it waits.
  const busy = create.isPending || solving;
  const start = () => {
    if (!busy) create.mutate({ day, keep }, { onSuccess: ({ id }) => setDraftId(id) });
  };

  return (
    <>
      <p>
        A draft places every act it can under the matching rules and shows the changes it would make. Nothing changes
        until you apply them. Drafts live only in the server’s memory: a restart forgets them.
      </p>
      <Form
        noValidate
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <div className="row">
          <RadioGroup name="draft-day" legend="Day" choices={DAYS} value={day} onChange={setDay} />
          <RadioGroup name="draft-keep" legend="Current sets" choices={KEEPS} value={keep} onChange={setKeep} />
        </div>
        <Button type="submit" variant="primary" aria-disabled={busy} className={busy ? 'disabled' : undefined}>
          Draft
        </Button>
      </Form>
      <p role="status" className={solving ? 'fw-semibold' : undefined}>
        {statusText(draft.data, festival?.matching.solver_time_limit_s)}
      </p>
      <ServerErrorAlert error={create.error} />
      {draft.isError ? (
        <ErrorAlert>{errorText(draft.error)}</ErrorAlert>
      ) : draft.data?.status === 'failed' ? (
        <ErrorAlert>The draft failed{draft.data.error ? `: ${draft.data.error}` : '.'}</ErrorAlert>
      ) : (
        draft.data?.status === 'done' && <DraftReview key={draft.data.id} draft={draft.data} />
      )}
    </>
  );
}
