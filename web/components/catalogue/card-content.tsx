import { createElement, type ReactNode } from 'react';
import { BioExcerpt } from '../rich-text/bio-excerpt';
import { SafeHtml } from '../rich-text/safe-html';

/**
 * The bio: its first lines in a list, all of it on the entry's own page, its headings below the
 * card's title (`headingLevel`).
 */
export function EntryBio({ html, excerpt, headingLevel }: { html: string; excerpt: boolean; headingLevel: number }) {
  return excerpt ? (
    <BioExcerpt html={html} className="mb-3" />
  ) : (
    <SafeHtml html={html} className="mb-3" headingLevel={headingLevel} />
  );
}

/** One line of the card's facts (a term and its value in the card's definition list). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5">{term}</dt>
      <dd className="col-sm-7">{children}</dd>
    </>
  );
}

/** A heading inside the card, one level below its title ('Status', 'Slots'). */
export function CardSubheading({ level, children }: { level: 1 | 2 | 3; children: ReactNode }) {
  return createElement(`h${level + 1}`, { className: 'h6 mb-1' }, children);
}
