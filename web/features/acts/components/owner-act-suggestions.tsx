import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { isOwner } from '../../../lib/roles';
import { useSession } from '../../../lib/session';

// Loaded only for the act's owner or an admin, so the public act page's first load (drawn by the
// server for a visitor, docs/decisions/0048) carries none of it (docs/decisions/0044).
const ActSuggestions = lazy(async () => ({ default: (await import('./act-suggestions')).ActSuggestions }));

/** The section's title, the same on the act's page and on My Acts. */
const TITLE = 'Porches that fit this act';

interface OwnerActSuggestionsProps {
  act: { id: number; creator_id: number };
}

/**
 * On the act's own page, below its card: the porches that fit it, for its owner (and admins).
 * Nothing for anyone else, and nothing while the app does not yet know who is signed in (the
 * server draws the page as a visitor's, and takes it over with no session).
 */
export function OwnerActSuggestions({ act }: OwnerActSuggestionsProps) {
  const user = useSession();
  if (!isOwner(user, act.creator_id)) return null;
  const headingId = `act-suggestions-${act.id}`;
  return (
    <section className="mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h4">
        {TITLE}
      </h2>
      <Suspense fallback={<PageLoading />}>
        <ActSuggestions actId={act.id} />
      </Suspense>
    </section>
  );
}

/**
 * On My Acts, inside each act's card: the same list behind a disclosure, asked for (code and
 * answer) only once the performer opens it, so a page of acts stays short and asks nothing more.
 */
export function ActSuggestionsDisclosure({ act }: OwnerActSuggestionsProps) {
  const user = useSession();
  const [opened, setOpened] = useState(false);
  if (!isOwner(user, act.creator_id)) return null;
  return (
    <details className="mt-3" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="fw-semibold">{TITLE}</summary>
      {opened && (
        <div className="mt-2">
          <Suspense fallback={<PageLoading />}>
            <ActSuggestions actId={act.id} />
          </Suspense>
        </div>
      )}
    </details>
  );
}
