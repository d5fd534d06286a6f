import type { Hidden } from '../../../contract/moderation';
import { ModerationTexts } from '../../../contract/moderation-texts';
import { Notice } from '../ui/notice';

/**
 * docs/behaviour.md#moderation: on the card of an act or venue the committee hid, which only its
 * owner and admins are ever sent, the committee's reason. A static notice, read in place, not an
 * alert (docs/decisions/0010-web-client.md).
 */
export function HiddenNotice({ hidden }: { hidden: Hidden | undefined }) {
  if (!hidden) return null;
  return (
    <Notice variant="warning" className="py-2 small">
      <strong>{ModerationTexts.hiddenNotice}</strong> {hidden.reason}
      <br />
      {ModerationTexts.ownerExplanation}
    </Notice>
  );
}
