import { lazy, Suspense } from 'react';

export interface RichTextEditorProps {
  /** Given to the editable area, so a label's htmlFor and focus-on-error reach it. */
  id?: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the visible label. */
  labelledBy?: string;
  /** The ids of the hint and error texts. */
  describedBy?: string;
  invalid?: boolean;
  /** Receives something to focus (react-hook-form focuses the first invalid field). */
  focusRef?: (target: { focus: () => void } | null) => void;
}

// Quill is about 60 KB gzipped: only pages that show an editor download it.
const QuillEditor = lazy(async () => ({ default: (await import('./quill-editor')).QuillEditor }));

/** The rich-text editor for bios and messages (docs/behaviour.md#validation). */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="form-control text-body-secondary" style={{ minHeight: '12.5rem' }} aria-busy="true">
          Loading the editor…
        </div>
      }
    >
      <QuillEditor {...props} />
    </Suspense>
  );
}
