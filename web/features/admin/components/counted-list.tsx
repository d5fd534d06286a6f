import type { ReactNode } from 'react';
import type { FitNote } from '../../../../contract/matching';
import { DeskTable } from './desk-table';

interface CountedListProps {
  id: string;
  title: string;
  /** The heading's level: 3 in a panel, 4 in a part of one. */
  level: 3 | 4;
  /** How many there are in all, and how many the server listed (default: all of them). */
  total: number;
  shown?: number;
  /** What it says when there are none. */
  none: string;
  /** The table's caption and column headings; `children` are its rows. */
  caption: string;
  columns: readonly ReactNode[];
  children: ReactNode;
}

/**
 * One list of the Matching panel or the draft review: a count in its heading, the table, or what
 * it says when there is none; and, when the server listed fewer than there are, how many.
 */
export function CountedList({
  id,
  title,
  level,
  total,
  shown = total,
  none,
  caption,
  columns,
  children,
}: CountedListProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={id} className="mb-4">
      <Heading id={id} className={level === 3 ? 'h5' : 'h6'}>
        {title} ({total})
      </Heading>
      {total === 0 ? (
        <p>{none}</p>
      ) : (
        <DeskTable size="sm" caption={caption} columns={columns}>
          {children}
        </DeskTable>
      )}
      {total > shown && (
        <p className="small">
          The first {shown} of {total}.
        </p>
      )}
    </section>
  );
}

/** The fit model's notes on a pair (reasons, warnings or rules it breaks), one a line. */
export function NoteList({ notes, className }: { notes: FitNote[]; className?: string }) {
  return (
    <ul className={`mb-0 ps-3 ${className ?? ''}`}>
      {notes.map((n) => (
        <li key={n.code}>{n.text}</li>
      ))}
    </ul>
  );
}

/** A list of notes under a bold label, or nothing when there are none. */
export function LabelledNotes({ label, notes, className }: { label: string; notes: FitNote[]; className?: string }) {
  if (notes.length === 0) return null;
  return (
    <>
      <span className="fw-semibold">{label}</span>
      <NoteList notes={notes} className={className} />
    </>
  );
}
