import './entry-card.css';
import { createElement, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';

/** What a venue's or act's card takes besides the entry itself. */
export interface EntryCardOptions {
  /** h1 on the entry's own page, h2 in a list (h3 under a list's own h2). */
  headingLevel?: 1 | 2 | 3;
  /** In a list the card's title links to the entry's page; on that page it does not. */
  linkToDetail?: boolean;
  /**
   * Where to go once the entry is deleted (its own page leaves for the list,
   * docs/behaviour.md#states-and-transitions).
   */
  onDeleted?: () => void;
}

/** docs/behaviour.md#venue-and-act-cards: the card of a venue or an act, an article named by `label`. */
export function EntryCard({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  return (
    <Card as="article" className={`h-100 ${className}`} aria-label={label}>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

interface EntryCardTitleProps {
  level: 1 | 2 | 3;
  /** The entry's page, or undefined on that page itself. */
  to: string | undefined;
  children: ReactNode;
}

/** The card's title at its heading level, a link to the entry's page when `to` is given. */
export function EntryCardTitle({ level, to, children }: EntryCardTitleProps) {
  return createElement(`h${level}`, { className: 'card-title h4' }, to ? <Link to={to}>{children}</Link> : children);
}
