import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { Act } from '../../../../contract/acts';
import { Genres, SLOT_DEFS, type SlotDef } from '../../../../contract/enums';
import { useActs } from '../../acts/api/get-acts';
import { useExplainMatch } from '../api/explain-match';
import { notesSentence } from './fit-notes';

/** How many acts one look-up explains: a name is usually enough to find the one meant. */
const LOOK_UP_LIMIT = 5;

interface Props {
  venueId: number;
  /** '1:30pm-2:30pm EDT' for a slot, from the festival configuration. */
  timeOf(slot: SlotDef): string | undefined;
}

/**
 * "Why is an act not offered?" (docs/decisions/0049-matchmaking.md): the host finds an act by name
 * (GET /v1/acts?search=) and reads, for the slot they pick, every rule that keeps it from being
 * suggested ("Plays at 1:30pm at 12 Elm Street"), or that it fits and why. Its own form, outside
 * the editor's, so looking up never saves and the slots' choices stay as they are.
 */
export function WhyNotOffered({ venueId, timeOf }: Props) {
  const [slot, setSlot] = useState<SlotDef>(SLOT_DEFS[0]);
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ slot: SlotDef; search: string } | null>(null);
  const [empty, setEmpty] = useState(false);
  const found = useActs(
    { search: asked?.search, limit: LOOK_UP_LIMIT, order_by: 'name', include_total: true },
    { enabled: asked !== null },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    setEmpty(search === '');
    setAsked(search === '' ? null : { slot, search });
  };

  const acts = asked && found.data && !found.isPlaceholderData ? found.data.data : [];
  const total = found.data?.total ?? acts.length;

  return (
    <section className="border rounded p-3 my-4" aria-labelledby="why-not-heading">
      <h2 id="why-not-heading" className="h5">
        Why is an act not offered?
      </h2>
      <p className="small text-body-secondary">
        Find an act by name to read why it is not suggested for a slot of your porch, or why it fits.
      </p>
      <Form noValidate onSubmit={onSubmit} className="row g-2 align-items-end">
        <Form.Group controlId="why-not-slot" className="col-sm-4">
          <Form.Label>Slot</Form.Label>
          <Form.Select value={slot} onChange={(e) => setSlot(e.currentTarget.value as SlotDef)}>
            {SLOT_DEFS.map((s) => (
              <option key={s} value={s}>
                {timeOf(s) ? `${s} (${timeOf(s)})` : s}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="why-not-name" className="col-sm-5">
          <Form.Label>Act name</Form.Label>
          <Form.Control
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-describedby={empty ? 'why-not-empty' : undefined}
            aria-invalid={empty || undefined}
          />
        </Form.Group>
        <div className="col-sm-3">
          <Button type="submit" variant="outline-primary" className="w-100">
            Look up
          </Button>
        </div>
      </Form>
      <div role="status" aria-live="polite" className="mt-2">
        {empty && (
          <p id="why-not-empty" className="text-danger small mb-0">
            Type part of the act’s name.
          </p>
        )}
        {asked && found.isError && <p className="text-danger small mb-0">The acts could not be searched.</p>}
        {asked && found.isSuccess && !found.isPlaceholderData && (
          <p className="small mb-0">
            {acts.length === 0
              ? `No act’s name matches “${asked.search}”.`
              : total > acts.length
                ? `The first ${acts.length} of ${total} acts whose name matches “${asked.search}”, for ${asked.slot}:`
                : `${acts.length === 1 ? 'One act matches' : `${acts.length} acts match`} “${asked.search}”, for ${asked.slot}:`}
          </p>
        )}
      </div>
      {asked && acts.length > 0 && (
        <ul className="list-unstyled mb-0">
          {acts.map((act) => (
            <ActFit key={act.id} act={act} venueId={venueId} slot={asked.slot} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One found act and what the fit model says of it in the chosen slot. */
function ActFit({ act, venueId, slot }: { act: Act; venueId: number; slot: SlotDef }) {
  const fit = useExplainMatch({ venueId, slot, actId: act.id });
  return (
    <li className="border-top py-2">
      <Link to={`/acts/${act.id}`} className="fw-semibold">
        {act.name}
      </Link>{' '}
      <span className="text-body-secondary">({Genres.labels[act.type] ?? act.type})</span>
      {fit.isPending && <p className="small text-body-secondary mb-0">Checking…</p>}
      {fit.isError && <p className="small text-danger mb-0">Its fit could not be checked.</p>}
      {fit.data && fit.data.blocks.length > 0 && (
        <>
          <p className="small mb-0">Not suggested for {slot}:</p>
          <ul className="small mb-0">
            {fit.data.blocks.map((b) => (
              <li key={b.code + b.text}>{b.text}</li>
            ))}
          </ul>
        </>
      )}
      {fit.data?.eligible && (
        <p className="small mb-0">
          Fits {slot}
          {fit.data.reasons.length > 0 ? `: ${notesSentence(fit.data.reasons)}` : '.'}
        </p>
      )}
      {fit.data?.eligible && fit.data.warnings.length > 0 && (
        <p className="small mb-0 text-warning-emphasis">{notesSentence(fit.data.warnings)}</p>
      )}
    </li>
  );
}
