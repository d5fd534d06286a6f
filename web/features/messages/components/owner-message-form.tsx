import { formResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CommentInputSchema } from '../../../../contract/messages';
import { RichTextField } from '../../../components/catalogue/form-fields';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fullPageLoad } from '../../../lib/navigation';
import type { ContactTarget } from '../api/get-contact-target';
import { useSendComment } from '../api/send-comment';
import { sendFailureText } from '../lib/send-failure';
import { SendMessageDialog } from './send-message-dialog';

// docs/behaviour.md#validation: the owner message is required ('This field is required'), rich text
// of at most 1500 characters.
const MessageFormSchema = CommentInputSchema.pick({ message: true });

/**
 * Compose, confirm, send, then reload with result=success (docs/behaviour.md#contact-an-owner,
 * docs/behaviour.md#states-and-transitions).
 */
export function OwnerMessageForm({ target }: { target: ContactTarget }) {
  const { pathname } = useLocation();
  const send = useSendComment();
  // The validated message waiting for 'Send it'; null while no confirmation is open.
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm({
    resolver: formResolver(MessageFormSchema),
    defaultValues: { message: '' },
  });

  const confirmed = async (message: string) => {
    try {
      await send.mutateAsync({
        message,
        entity_id: target.id,
        entity_type: target.type,
        entity_name: target.name,
      });
      fullPageLoad(`${pathname}?result=success`);
    } catch (error) {
      // Said on screen, with the message kept in the editor (docs/decisions/0018-walk-fixes.md).
      console.error(error);
      setFailure(sendFailureText(error, 'You have sent too many messages'));
      setPending(null);
    }
  };

  return (
    <>
      <Form
        noValidate
        onSubmit={handleSubmit((input) => {
          setFailure(null);
          setPending(input.message);
        })}
      >
        <RichTextField control={control} name="message" id="message" label="Message" required />
        <Button type="submit">Send message</Button>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
      </Form>
      <SendMessageDialog
        show={pending !== null}
        name={target.name}
        pending={send.isPending}
        onConfirm={() => pending !== null && void confirmed(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
