import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize-rich-text';
import './rich-text.css';

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Empty paragraphs at the end (the editor leaves `<p><br></p>` when someone presses Enter after
 * the last line) would show as a gap under the text: they go.
 */
export function trimTrailingEmptyParagraphs(html: string): string {
  let trimmed = html;
  for (;;) {
    const next = trimmed.replace(/<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>\s*$/i, '');
    if (next === trimmed) return trimmed;
    trimmed = next;
  }
}

/** Stored rich text (a bio, a message), rendered only after DOMPurify has cleaned it. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => trimTrailingEmptyParagraphs(sanitizeRichText(html)), [html]);
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
