import { useMemo } from 'react';
import './bio-excerpt.css';

/** How much of a bio a card shows: about three lines on a phone, before the clamp's ellipsis. */
export const EXCERPT_CHARS = 240;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The first words of a stored rich-text bio as plain text: block ends become spaces, tags and
 * pictures go, entities are decoded, and the text is cut at a word near `max` characters. Cheap
 * enough for a page of 100 cards (no parser, no sanitizer), and safe: React writes it as text.
 */
export function plainExcerpt(html: string, max = EXCERPT_CHARS): string {
  const text = html
    .replace(/<(?:br|\/p|\/li|\/h[1-6]|\/blockquote|\/pre|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
      if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      return ENTITIES[name!.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** A card's bio: its first lines as plain text; the whole bio is on the detail page. */
export function BioExcerpt({ html, className }: { html: string; className?: string }) {
  const text = useMemo(() => plainExcerpt(html), [html]);
  if (!text) return null;
  return <p className={`line-clamp bio-excerpt${className ? ` ${className}` : ''}`}>{text}</p>;
}
