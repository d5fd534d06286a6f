import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * docs/behaviour.md#constants-and-limits: the list waits this long after the last keystroke before
 * it searches.
 */
export const SEARCH_DEBOUNCE_MS = 500;

interface SearchBoxProps {
  id: string;
  /** A name for screen readers; the placeholder is not a label. */
  label: string;
  placeholder: string;
  /** The search in force (from the URL). */
  value: string;
  onSearch: (text: string) => void;
}

/** A search field that calls onSearch once typing has paused for 500 ms. */
export function SearchBox({ id, label, placeholder, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);

  // Back/forward or a shared link changes the search in force: show it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Form.Group controlId={id}>
      <Form.Label visuallyHidden>{label}</Form.Label>
      <Form.Control
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once rather than waiting for the pause.
          if (event.key === 'Enter') {
            event.preventDefault();
            clearTimeout(timer.current);
            latest.current(text.trim());
          }
        }}
      />
    </Form.Group>
  );
}
