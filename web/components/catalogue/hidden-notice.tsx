import Alert from 'react-bootstrap/Alert';
import type { Hidden } from '../../../contract/moderation';
import { ModerationTexts } from '../../../contract/moderation-texts';

/**
 * docs/behaviour.md#moderation: on the card of an act or venue the committee hid, which only its
 * owner and admins are ever sent, the committee's reason.
 */
export function HiddenNotice({ hidden }: { hidden: Hidden | undefined }) {
  if (!hidden) return null;
  return (
    <Alert variant="warning" className="py-2 small">
      <strong>{ModerationTexts.hiddenNotice}</strong> {hidden.reason}
      <br />
      {ModerationTexts.ownerExplanation}
    </Alert>
  );
}
