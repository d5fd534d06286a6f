import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize-rich-text';
import './rich-text.css';

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

/** Stored rich text (a bio, a message), rendered only after DOMPurify has cleaned it. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
