import type { SlotDef } from '../../../../contract/enums';
import type { FitNote } from '../../../../contract/matching';
import { useExplainMatch } from '../api/explain-match';

interface Props {
  id: string;
  venueId: number;
  slot: SlotDef;
  /** The act chosen in the slot's select, or null when none is. */
  act: { id: number; name: string } | null;
  /**
   * What the suggestions already say of the chosen act (it fits, with these warnings), so it is
   * not asked again; null when it is not among them or they have not arrived.
   */
  suggested: { warnings: readonly FitNote[] } | null;
  /** Whether the slot's suggestions have answered (or failed): only then is a missing act asked about. */
  suggestionsSettled: boolean;
}

/**
 * docs/decisions/0049-matchmaking.md: scheduling warns by the fit model's rules. Beside the slot's
 * select, before saving, the rules the chosen act breaks here ("This act needs electricity; your
 * porch has none") and where else it already plays. A warning only: the host may know better and
 * save anyway; the server refuses nothing but a double booking. A polite live region, so a screen
 * reader hears the warning when the choice changes.
 */
export function ChosenActFit({ id, venueId, slot, act, suggested, suggestionsSettled }: Props) {
  const ask = act !== null && suggested === null && suggestionsSettled;
  const explained = useExplainMatch(ask ? { venueId, slot, actId: act.id } : null);
  const answer: { blocks: readonly FitNote[]; warnings: readonly FitNote[] } | undefined = suggested
    ? { blocks: [], warnings: suggested.warnings }
    : ask
      ? explained.data
      : undefined;
  const blocks = answer?.blocks ?? [];
  const alsoPlays = (answer?.warnings ?? []).filter((w) => w.code === 'also_plays');
  const show = act !== null && (blocks.length > 0 || alsoPlays.length > 0);

  return (
    <div id={id} role="status" aria-live="polite">
      {show && (
        <div className="small mt-2 p-2 rounded border border-warning-subtle bg-warning-subtle text-warning-emphasis">
          {blocks.length > 0 && (
            <>
              <p className="mb-1 fw-semibold">
                {act.name} does not fit this slot by the festival’s matching rules; you may still save:
              </p>
              <ul className="mb-0">
                {blocks.map((b) => (
                  <li key={b.code + b.text}>{b.text}</li>
                ))}
              </ul>
            </>
          )}
          {alsoPlays.length > 0 && (
            <ul className={blocks.length > 0 ? 'mb-0 mt-1 list-unstyled' : 'mb-0 list-unstyled'}>
              {alsoPlays.map((w) => (
                <li key={w.text}>{w.text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
