import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Delta, EmitterSource } from 'quill';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';
import { RICH_TEXT_LIMIT_ALERT, RICH_TEXT_MAX_CHARS } from '../../../contract/rich-text';
import { labelToolbar, LINK_PLACEHOLDER, RICH_TEXT_FORMATS, RICH_TEXT_MODULES } from './quill-config';
import type { RichTextEditorProps } from './rich-text-editor';

/** Keys that would add text: blocked once the limit is reached, so typing never exceeds it. */
const addsText = (event: KeyboardEvent) =>
  (event.key.length === 1 || event.key === 'Enter') && !event.ctrlKey && !event.metaKey && !event.altKey;

/** Where the last text or picture a change inserted ends, and how long it is. */
function lastInsert(delta: Delta): { end: number; length: number } | null {
  let index = 0;
  let found: { end: number; length: number } | null = null;
  for (const op of delta.ops) {
    if (typeof op.retain === 'number') index += op.retain;
    else if (op.insert !== undefined) {
      const length = typeof op.insert === 'string' ? op.insert.length : 1;
      index += length;
      found = { end: index, length };
    }
  }
  return found;
}

/**
 * Quill 2 through react-quill-new. Loaded only through RichTextEditor's dynamic import, so
 * Quill stays out of the bundle of pages without an editor.
 */
export function QuillEditor({
  id,
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  focusRef,
}: RichTextEditorProps) {
  const quillRef = useRef<ReactQuill>(null);
  const [overLimit, setOverLimit] = useState(false);

  // The editable area is Quill's own div: name it, tie it to its label and errors, mark it invalid.
  // In the commit that shows an error, not after it: the field is never invalid without its
  // message for a screen reader (or a test reading it right after the submit).
  useLayoutEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    const root = editor.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    if (id) root.id = id;
    if (labelledBy) root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    root.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    const toolbar = editor.getModule('toolbar') as { container?: HTMLElement } | undefined;
    if (toolbar?.container) labelToolbar(toolbar.container);
    // The link box shows its data-link as placeholder; Quill's own is its website.
    editor.container.querySelector('.ql-tooltip input[type="text"]')?.setAttribute('data-link', LINK_PLACEHOLDER);
  }, [id, labelledBy, describedBy, invalid]);

  useEffect(() => {
    if (!focusRef) return;
    focusRef({ focus: () => quillRef.current?.focus() });
    return () => focusRef(null);
  }, [focusRef]);

  // docs/behaviour.md#validation: past 1500 characters every key but Backspace shows the alert.
  // Quill's length counts its closing newline, so it passes 1500 exactly when the text reaches
  // 1500.
  const onKeyDownCapture = useCallback((event: KeyboardEvent) => {
    const editor = quillRef.current?.getEditor();
    if (!editor || event.key === 'Backspace') return;
    if (editor.getLength() > RICH_TEXT_MAX_CHARS) {
      setOverLimit(true);
      if (addsText(event)) event.preventDefault();
    }
  }, []);

  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) return;
    // Capture phase: runs before Quill's own keyboard handler, which skips prevented events.
    root.addEventListener('keydown', onKeyDownCapture, true);
    return () => root.removeEventListener('keydown', onKeyDownCapture, true);
  }, [onKeyDownCapture]);

  // The 1500-character limit holds for pasting and dropping too: what was just added is cut where
  // the text reaches 1500 characters, and the same alert is shown, so nothing over the limit is
  // saved.
  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    const onTextChange = (delta: Delta, _old: Delta, source: EmitterSource) => {
      if (source !== 'user') return;
      const over = editor.getLength() - 1 - RICH_TEXT_MAX_CHARS;
      if (over <= 0) return;
      setOverLimit(true);
      const added = lastInsert(delta);
      if (!added) return;
      const cut = Math.min(over, added.length);
      editor.deleteText(added.end - cut, cut, 'api');
    };
    editor.on('text-change', onTextChange);
    return () => {
      editor.off('text-change', onTextChange);
    };
  }, []);

  const handleChange = (html: string, _delta: unknown, _source: unknown, editor: ReactQuill.UnprivilegedEditor) => {
    if (overLimit && editor.getLength() <= RICH_TEXT_MAX_CHARS) setOverLimit(false);
    onChange(html);
  };

  return (
    <div className={`rich-text-editor${invalid ? ' is-invalid' : ''}`}>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        onChange={handleChange}
        onBlur={() => onBlur?.()}
        modules={RICH_TEXT_MODULES}
        formats={RICH_TEXT_FORMATS}
        // Semantic HTML turns spaces into &nbsp; (STACK-NOTES); the stored HTML is Quill's own.
        useSemanticHTML={false}
      />
      {overLimit && (
        <div className="alert alert-warning mt-2 mb-0 py-2" role="alert">
          {RICH_TEXT_LIMIT_ALERT}
        </div>
      )}
    </div>
  );
}
