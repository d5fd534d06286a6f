import { lazy, Suspense } from 'react';
import { isSignedIn } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import type { ModerationPanelProps } from './moderation-panel';

const ModerationPanel = lazy(async () => ({ default: (await import('./moderation-panel')).ModerationPanel }));

/**
 * The moderation panel on an act's or a venue's page, whose code (and the schema library its form
 * validates with) only admins load: a visitor's phone does not evaluate it
 * (docs/decisions/0044-no-schemas-on-public-pages.md).
 */
export function AdminModerationPanel(props: ModerationPanelProps) {
  const user = useSession();
  if (!isSignedIn(user) || !user.is_admin) return null;
  return (
    <Suspense fallback={null}>
      <ModerationPanel {...props} />
    </Suspense>
  );
}
