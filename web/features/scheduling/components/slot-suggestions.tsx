import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { Genres, type SlotDef } from '../../../../contract/enums';
import type { VenueSuggestion } from '../../../../contract/matching';
import { useVenueSuggestions } from '../api/get-venue-suggestions';
import { notesSentence } from './fit-notes';

interface Props {
  venueId: number;
  slot: SlotDef;
  /** The act the slot's select holds now ('' for none). */
  chosenActId: string;
  onChoose(suggestion: VenueSuggestion): void;
  disabled: boolean;
}

/**
 * "Suggested for this slot" (docs/decisions/0049-matchmaking.md): the acts that fit this slot of
 * the porch, best first, each with why it fits, what to know (such as where else it plays), and a
 * one-tap choice that puts it in the slot's select. The select itself stays the spec's.
 */
export function SlotSuggestions({ venueId, slot, chosenActId, onChoose, disabled }: Props) {
  const suggestions = useVenueSuggestions(venueId, slot);
  const headingId = `${slot.replace(' ', '-').toLowerCase()}-suggestions`;
  const items = suggestions.data?.data ?? [];
  const total = suggestions.data?.total ?? 0;

  return (
    <section className="slot-suggestions mt-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        Suggested for this slot
      </h2>
      {suggestions.isPending && <p className="small text-body-secondary mb-0">Finding acts that fit…</p>}
      {suggestions.isError && <p className="small text-danger mb-0">The suggestions could not be loaded.</p>}
      {suggestions.isSuccess && items.length === 0 && (
        <p className="small text-body-secondary mb-0">No act fits this slot yet.</p>
      )}
      {items.length > 0 && (
        <ol className="list-unstyled mb-0">
          {items.map((s) => {
            const chosen = chosenActId === String(s.act_id);
            return (
              <li key={s.act_id} className="d-flex gap-3 align-items-start border-top py-2">
                <div className="flex-grow-1">
                  <Link to={`/acts/${s.act_id}`} className="fw-semibold">
                    {s.act_name}
                  </Link>{' '}
                  <span className="text-body-secondary">({Genres.labels[s.act_type] ?? s.act_type})</span>
                  {chosen && <span className="badge text-bg-success ms-2">Chosen</span>}
                  {s.reasons.length > 0 && <p className="small mb-0">{notesSentence(s.reasons)}</p>}
                  {s.warnings.length > 0 && (
                    <p className="small mb-0 text-warning-emphasis">{notesSentence(s.warnings)}</p>
                  )}
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline-primary"
                  // The visible word begins the name (WCAG 2.5.3), which says which act and slot.
                  aria-label={`Choose ${s.act_name} for ${slot}`}
                  disabled={disabled}
                  onClick={() => onChoose(s)}
                >
                  Choose
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {total > items.length && (
        <p className="small text-body-secondary mb-0 mt-1">
          The best {items.length} of {total} acts that fit; every free act is in the list above.
        </p>
      )}
    </section>
  );
}
