import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { isOwner, isSignedIn } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

interface DeleteActionProps {
  kind: string;
  name: string;
  pending: boolean;
  onDelete: () => Promise<unknown>;
}

/** The Delete button and its confirmation (a delete is confirmed first). */
export function DeleteAction({ kind, name, pending, onDelete }: DeleteActionProps) {
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await onDelete();
      setAsking(false);
    } catch (error) {
      // docs/behaviour.md#errors: a failed save or delete is only logged.
      console.error(error);
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDeleteDialog
        show={asking}
        kind={kind}
        name={name}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The row of buttons at the foot of a card. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="d-flex flex-wrap gap-2 mt-3">{children}</div>;
}

interface EntryActionsProps {
  kind: 'venue' | 'act';
  /** The entry's page, '/venues/3' or '/acts/7': Contact and Edit are below it. */
  path: string;
  entry: { id: number; creator_id: number };
  /** How the delete confirmation names the entry. */
  name: string;
  /** The catalogue's delete mutation (useDeleteVenue, useDeleteAct): pending while it runs. */
  remove: { isPending: boolean; mutateAsync: (id: number) => Promise<unknown> };
  /** Called once the entry is deleted. */
  onDeleted: (() => void) | undefined;
  /** The owner's links after Edit (a venue's Slots / Schedule). */
  ownerLinks?: ReactNode;
}

/**
 * docs/behaviour.md#roles-and-permissions: on a venue's or act's card, a signed-in person who is
 * not its creator gets Contact; its owner (or an admin) gets Edit and Delete.
 */
export function EntryActions({ kind, path, entry, name, remove, onDeleted, ownerLinks }: EntryActionsProps) {
  const user = useSession();
  if (!isSignedIn(user)) return null;
  const onDelete = async () => {
    await remove.mutateAsync(entry.id);
    onDeleted?.();
  };
  return (
    <CardActions>
      {user.id !== entry.creator_id && (
        <Link className="btn btn-primary btn-sm" to={`${path}/contact`}>
          Contact
        </Link>
      )}
      {isOwner(user, entry.creator_id) && (
        <>
          <Link className="btn btn-outline-primary btn-sm" to={`${path}/edit`}>
            Edit
          </Link>
          {ownerLinks}
          <DeleteAction kind={kind} name={name} pending={remove.isPending} onDelete={onDelete} />
        </>
      )}
    </CardActions>
  );
}
