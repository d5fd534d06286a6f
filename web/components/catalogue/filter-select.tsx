import Form from 'react-bootstrap/Form';
import type { Choice } from '../../../contract/choices';

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option, meaning "no filter" (its value is ''). */
  anyLabel: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  /** Show the label, where the first option alone could be misread (two slot filters side by side). */
  visibleLabel?: boolean;
}

/** One of a list's filter selects, as the list's table names it: the field it sets, its words and its options. */
export interface FilterSelectSpec<Field extends string> {
  field: Field;
  label: string;
  anyLabel: string;
  options: readonly Choice[];
}

/** One list filter: a labelled select whose first option turns the filter off. */
export function FilterSelect({
  id,
  label,
  anyLabel,
  options,
  value,
  onChange,
  visibleLabel = false,
}: FilterSelectProps) {
  return (
    <Form.Group controlId={id}>
      <Form.Label visuallyHidden={!visibleLabel} className={visibleLabel ? 'small mb-1' : undefined}>
        {label}
      </Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
