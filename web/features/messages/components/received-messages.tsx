import { createElement } from 'react';
import { SafeHtml } from '../../../components/rich-text/safe-html';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { isOwner } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useComments, type EntityType } from '../api/get-comments';

interface ReceivedMessagesProps {
  entityType: EntityType;
  entityId: number;
  /** The venue's or act's creator_id: only they (and admins) see the messages. */
  ownerId: number;
  /** The section's heading level: 2 under a page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * Made on first use, not when the module loads: the first Intl formatter of a page loads the
 * browser's locale data, 50-90 ms on this machine (docs/decisions/0039-festival-time-without-intl.md),
 * and every act and venue page loads this module while only owners and admins see a message.
 */
let formatter: Intl.DateTimeFormat | undefined;
const when = (iso: string) =>
  (formatter ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));

/**
 * The messages people sent the owner about this venue or act. Each was e-mailed to
 * the owner too; the conversation continues by e-mail, so each sender's address is a link.
 * Renders nothing for anyone who may not read them.
 */
export function ReceivedMessages({ entityType, entityId, ownerId, headingLevel = 2 }: ReceivedMessagesProps) {
  const user = useSession();
  const allowed = isOwner(user, ownerId);
  const comments = useComments(entityType, entityId, allowed);
  useLoggedError(comments.error);
  if (!allowed || !comments.data) return null;

  const headingId = `received-messages-${entityType}-${entityId}`;
  const { data, total } = comments.data;
  return (
    <section className="mt-4" aria-labelledby={headingId}>
      {createElement(`h${headingLevel}`, { id: headingId, className: 'h4' }, 'Messages you received')}
      {data.length === 0 ? (
        <p>
          No messages yet. When someone writes to you about this {entityType}, the message is e-mailed to you and listed
          here.
        </p>
      ) : (
        <>
          {total !== undefined && total > data.length && (
            <p className="small text-body-secondary">
              The newest {data.length} of {total} messages.
            </p>
          )}
          <ul className="list-unstyled">
            {data.map((comment) => (
              <li key={comment.id} className="border rounded p-3 mb-3">
                <p className="mb-2 small">
                  From {comment.sender_name} (<a href={`mailto:${comment.sender_email}`}>{comment.sender_email}</a>),{' '}
                  <time dateTime={comment.updated_time}>{when(comment.updated_time)}</time>
                </p>
                <SafeHtml html={comment.message} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
