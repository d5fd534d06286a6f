import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { Genres, type SlotDef } from '../../../../contract/enums';
import type { UnmatchedAct } from '../../../../contract/schedule';
import { useUnmatchedActs } from '../api/get-unmatched-acts';
import { useVenueSuggestions } from '../api/get-venue-suggestions';
import { ChosenActFit } from './chosen-act-fit';
import { SlotSuggestions } from './slot-suggestions';

export interface SlotChoice {
  available: boolean;
  /** The chosen act's id as the select holds it; '' is '--', no act. */
  actId: string;
}

interface Props {
  venueId: number;
  slot: SlotDef;
  /** '1:30pm-2:30pm', from the festival configuration. */
  time: string | undefined;
  /** The act saved in this slot now, shown even before the choices arrive. */
  savedAct: { id: number; name: string } | null;
  value: SlotChoice;
  onChange(value: SlotChoice): void;
  disabled: boolean;
}

const label = (act: Pick<UnmatchedAct, 'name' | 'type'>) => `${act.name} (${Genres.labels[act.type] ?? act.type})`;

/**
 * docs/behaviour.md#slots-and-schedule-editor: one slot of the editor, an availability switch and
 * the act to schedule ('--' for none); below them the matchmaking of docs/decisions/0049: the
 * rules the chosen act breaks here, and the acts suggested for the slot.
 */
export function SlotRow({ venueId, slot, time, savedAct, value, onChange, disabled }: Props) {
  const choices = useUnmatchedActs(venueId, slot);
  const acts = choices.data?.data ?? [];
  const preferring = acts.filter((a) => a.preferred_slots.includes(slot));
  const others = acts.filter((a) => !a.preferred_slots.includes(slot));
  const savedMissing = savedAct && !acts.some((a) => a.id === savedAct.id);
  const id = slot.replace(' ', '-').toLowerCase();
  const suggestions = useVenueSuggestions(venueId, slot);

  // A chosen act that is no longer offered (another host just took that time: the save got a
  // 409 and the choices were reloaded) goes back to '--', so the screen shows what would be sent.
  const offered =
    choices.isSuccess && (acts.some((a) => String(a.id) === value.actId) || String(savedAct?.id) === value.actId);
  useEffect(() => {
    if (choices.isSuccess && value.actId !== '' && !offered) onChange({ ...value, actId: '' });
  }, [choices.isSuccess, offered, value, onChange]);

  const chosenId = value.available && value.actId !== '' ? Number(value.actId) : null;
  const chosenName =
    acts.find((a) => a.id === chosenId)?.name ?? (savedAct?.id === chosenId ? savedAct?.name : undefined);
  const chosenSuggestion = suggestions.data?.data.find((s) => s.act_id === chosenId) ?? null;
  const describedBy = [`${id}-fit`, choices.isError ? `${id}-choices-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className="slot-row border rounded p-3 mb-3">
      <legend className="h5 float-none w-auto mb-2">
        {slot}
        {time && <span className="fw-normal text-body-secondary"> ({time})</span>}
      </legend>
      <Form.Check
        type="switch"
        id={`${id}-available`}
        label={`${slot} available`}
        checked={value.available}
        disabled={disabled}
        onChange={(e) =>
          onChange({ available: e.currentTarget.checked, actId: e.currentTarget.checked ? value.actId : '' })
        }
      />
      <Form.Group controlId={`${id}-act`} className="mt-2">
        <Form.Label>Act for {slot}</Form.Label>
        <Form.Select
          value={value.available ? value.actId : ''}
          disabled={disabled || !value.available}
          onChange={(e) => onChange({ ...value, actId: e.currentTarget.value })}
          aria-describedby={describedBy}
        >
          <option value="">--</option>
          {savedMissing && <option value={String(savedAct.id)}>{savedAct.name}</option>}
          {preferring.length > 0 && (
            <optgroup label={`Prefer ${slot}`}>
              {preferring.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {label(a)}
                </option>
              ))}
            </optgroup>
          )}
          {others.length > 0 && (
            <optgroup label={preferring.length > 0 ? 'Other free acts' : 'Free acts'}>
              {others.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {label(a)}
                </option>
              ))}
            </optgroup>
          )}
        </Form.Select>
        {choices.isError && (
          <Form.Text id={`${id}-choices-error`} className="text-danger">
            The acts for this slot could not be loaded.
          </Form.Text>
        )}
        <ChosenActFit
          id={`${id}-fit`}
          venueId={venueId}
          slot={slot}
          act={chosenId !== null && chosenName !== undefined ? { id: chosenId, name: chosenName } : null}
          suggested={chosenSuggestion}
          suggestionsSettled={!suggestions.isPending}
        />
      </Form.Group>
      <SlotSuggestions
        venueId={venueId}
        slot={slot}
        chosenActId={value.available ? value.actId : ''}
        disabled={disabled}
        onChoose={(s) => onChange({ available: true, actId: String(s.act_id) })}
      />
    </fieldset>
  );
}
