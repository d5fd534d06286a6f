/**
 * docs/behaviour.md#venue-list: 'Found N results', announced politely when a search or filter
 * changes it.
 */
export function ResultsCount({ count }: { count: number | undefined }) {
  return (
    <p className="mb-3" aria-live="polite" aria-atomic="true">
      {count === undefined ? '' : `Found ${count} results`}
    </p>
  );
}
