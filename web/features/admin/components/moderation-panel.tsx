import { useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Hidden } from '../../../../contract/moderation';
import { HIDDEN_REASON_MAX, HiddenReasonSchema, ModerationTexts } from '../../../../contract/moderation';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, errorText } from '../../../lib/api-client';
import { isSignedIn } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useSetHidden } from '../api/moderation';

export interface ModerationPanelProps {
  kind: 'act' | 'venue';
  id: number;
  /** The act's name or the venue's address, for the buttons' accessible names. */
  name: string;
  hidden: Hidden | undefined;
}

/**
 * docs/behaviour.md#moderation: on an act's or a venue's page, for admins only: Hide, with a
 * reason the owner is shown, or Unhide. The server checks the role itself.
 */
export function ModerationPanel({ kind, id, name, hidden }: ModerationPanelProps) {
  const user = useSession();
  const save = useSetHidden(kind);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const hideButton = useRef<HTMLButtonElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const reasonId = useId();
  if (!isSignedIn(user) || !user.is_admin) return null;

  const onHide = (event: FormEvent) => {
    event.preventDefault();
    const checked = HiddenReasonSchema.safeParse(reason);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    save.mutate(
      { id, input: { hidden: true, reason: checked.data } },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.fields?.reason) setFieldError(error.body.fields.reason);
        },
      },
    );
  };

  const serverError = save.error && !(save.error instanceof ApiError && save.error.body.fields?.reason);
  return (
    <section aria-labelledby={headingId} className="border rounded p-3 mt-3">
      <h2 id={headingId} className="h5">
        Moderation
      </h2>
      {serverError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      {hidden ? (
        <Button
          variant="outline-primary"
          size="sm"
          disabled={save.isPending}
          aria-label={`${ModerationTexts.unhide} ${name}`}
          onClick={() => save.mutate({ id, input: { hidden: false } })}
        >
          {ModerationTexts.unhide}
        </Button>
      ) : asking ? (
        <Form onSubmit={onHide} noValidate>
          <Form.Group className="mb-2" controlId={reasonId}>
            <Form.Label>{ModerationTexts.reasonLabel}</Form.Label>
            <Form.Control
              type="text"
              value={reason}
              maxLength={HIDDEN_REASON_MAX}
              ref={reasonInput}
              isInvalid={fieldError !== null}
              aria-invalid={fieldError !== null ? true : undefined}
              aria-describedby={fieldError !== null ? `${reasonId}-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {fieldError !== null && (
              <Form.Control.Feedback type="invalid" id={`${reasonId}-error`}>
                {fieldError}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" variant="danger" size="sm" disabled={save.isPending}>
              {ModerationTexts.hideSubmit}
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => {
                setAsking(false);
                setFieldError(null);
                // Focus returns to the button that opened the form.
                setTimeout(() => hideButton.current?.focus());
              }}
            >
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <Button
          ref={hideButton}
          variant="outline-danger"
          size="sm"
          aria-label={`${ModerationTexts.hide} ${name}`}
          onClick={() => {
            setAsking(true);
            // Focus moves to the reason the form asks for.
            setTimeout(() => reasonInput.current?.focus());
          }}
        >
          {ModerationTexts.hide}
        </Button>
      )}
    </section>
  );
}
