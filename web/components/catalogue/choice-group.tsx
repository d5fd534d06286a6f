import type { Ref } from 'react';
import Form from 'react-bootstrap/Form';
import type { Choice } from '../../../contract/choices';
import { RequiredMark } from './required-mark';

interface BaseProps {
  /** Prefix for the ids of the inputs and the error. */
  id: string;
  legend: string;
  options: readonly Choice[];
  error?: string;
  required?: boolean;
  inline?: boolean;
  onBlur?: () => void;
  /** react-hook-form's ref, given to the first input so a failed submit can focus it. */
  inputRef?: Ref<HTMLInputElement>;
}

interface CheckboxGroupProps extends BaseProps {
  type: 'checkbox';
  value: readonly string[];
  onChange: (value: string[]) => void;
}

interface RadioGroupProps extends BaseProps {
  type: 'radio';
  value: string;
  onChange: (value: string) => void;
}

/** Checkboxes or radio buttons in a fieldset whose legend names the group (spec: accessibility). */
export function ChoiceGroup(props: CheckboxGroupProps | RadioGroupProps) {
  const { id, legend, options, error, required, inline, onBlur, inputRef } = props;
  const errorId = `${id}-error`;
  const isChecked = (value: string) =>
    props.type === 'checkbox' ? props.value.includes(value) : props.value === value;
  const toggle = (value: string, checked: boolean) => {
    if (props.type === 'radio') props.onChange(value);
    else if (checked) props.onChange(options.map((o) => o.value).filter((v) => v === value || props.value.includes(v)));
    else props.onChange(props.value.filter((v) => v !== value));
  };
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">
        {legend}
        {required && (
          <>
            <RequiredMark />
            <span className="visually-hidden"> (required)</span>
          </>
        )}
      </legend>
      {options.map((option, index) => (
        <Form.Check
          key={option.value}
          id={`${id}-${option.value.replace(/\W+/g, '-')}`}
          type={props.type}
          name={id}
          inline={inline}
          label={option.label}
          value={option.value}
          checked={isChecked(option.value)}
          onChange={(event) => toggle(option.value, event.target.checked)}
          onBlur={onBlur}
          ref={index === 0 ? inputRef : undefined}
          isInvalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
      ))}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
