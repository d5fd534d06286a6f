import { Fragment, useMemo } from 'react';
import './bio-excerpt.css';

/** How much of a bio a card shows: about three lines on a phone, before the clamp's ellipsis. */
export const EXCERPT_CHARS = 240;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The first words of a stored rich-text bio as plain text, a part per paragraph: tags and pictures
 * go, entities are decoded, and the text is cut at a word near `max` characters. Cheap enough for a
 * page of 100 cards (no parser, no sanitizer), and safe: React writes it as text.
 */
export function excerptParts(html: string, max = EXCERPT_CHARS): string[] {
  const blocks = html
    .replace(/<(?:br|\/p|\/li|\/h[1-6]|\/blockquote|\/pre|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
      if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      return ENTITIES[name!.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const parts: string[] = [];
  let left = max;
  for (const block of blocks) {
    if (block.length <= left) {
      parts.push(block);
      left -= block.length + 1;
      continue;
    }
    const cut = block.slice(0, Math.max(left, 0));
    const space = cut.lastIndexOf(' ');
    const kept = (space > left * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '');
    if (kept) parts.push(`${kept}…`);
    else if (parts.length > 0) parts[parts.length - 1] += '…';
    break;
  }
  return parts;
}

/** The same, as one line of text. */
export const plainExcerpt = (html: string, max = EXCERPT_CHARS): string => excerptParts(html, max).join(' ');

/**
 * A card's bio: its first lines as plain text; the whole bio is on the detail page. Each paragraph
 * is isolated (`<bdi>`), so one written right to left (Arabic, Hebrew) beside one written left to
 * right keeps each its own direction and punctuation.
 */
export function BioExcerpt({ html, className }: { html: string; className?: string }) {
  const parts = useMemo(() => excerptParts(html), [html]);
  if (parts.length === 0) return null;
  return (
    <p className={`line-clamp bio-excerpt${className ? ` ${className}` : ''}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </p>
  );
}
