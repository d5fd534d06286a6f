import { createContext, useContext, useMemo } from 'react';
import { demoteHeadings } from './demote-headings';
import { sanitizeRichText } from './sanitize-rich-text';
import './rich-text.css';

export interface SafeHtmlProps {
  html: string;
  className?: string;
  /** The level of the heading the text sits under: its own headings go below it (a bio's h1 under a card's h1). */
  headingLevel?: number;
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

/**
 * The sanitizer rich text is rendered through: DOMPurify in the browser; on a page the server draws
 * (web/entry-server.tsx), the server's own allowlist sanitizer (`cleanStoredRichText`,
 * server/lib/rich-text.ts), given through this context. Hydration keeps the server's markup, so
 * on a drawn page the bio shown is the one sanitize-html cleaned (docs/decisions/0048, 0058).
 */
export const RichTextSanitizer = createContext<(html: string) => string>(sanitizeRichText);

/** Stored rich text (a bio, a message), rendered only after the render's sanitizer has cleaned it. */
export function SafeHtml({ html, className, headingLevel }: SafeHtmlProps) {
  const sanitize = useContext(RichTextSanitizer);
  const clean = useMemo(() => {
    const text = trimTrailingEmptyParagraphs(sanitize(html));
    return headingLevel === undefined ? text : demoteHeadings(text, headingLevel);
  }, [html, headingLevel, sanitize]);
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
