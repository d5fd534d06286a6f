import { formResolver } from '../../../lib/form-resolver';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FestivalConfig } from '../../../../contract/festival';
import { contactInputSchema } from '../../../../contract/messages';
import { RichTextField } from '../../../components/catalogue/form-fields';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useSendContact } from '../api/send-contact';
import { sendFailureText } from '../lib/send-failure';
import { Honeypot } from './honeypot';

interface ContactFormProps {
  categories: FestivalConfig['contact_categories'];
  /** The signed-in user's address, prefilled (docs/behaviour.md#contact-the-committee). */
  email: string;
}

/**
 * Contact the committee (docs/behaviour.md#contact-the-committee, docs/behaviour.md#validation):
 * category, email and a rich-text message.
 */
export function ContactForm({ categories, email }: ContactFormProps) {
  const navigate = useNavigate();
  const send = useSendContact();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => contactInputSchema(categories.map((c) => c.value)), [categories]);
  const form = useForm({
    resolver: formResolver(schema),
    defaultValues: { category: '', sender_email: email, message: '', website: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await send.mutateAsync(input);
      void navigate('/contact-thankyou');
    } catch (error) {
      // Said on screen, with the form kept as it was (docs/decisions/0018-walk-fixes.md).
      console.error(error);
      setFailure(sendFailureText(error, 'Too many messages from this address'));
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <SelectField form={form} name="category" label="Category" required>
        <option value="">Choose a category</option>
        {categories.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField form={form} name="sender_email" label="Email" type="email" autoComplete="email" required />
      <RichTextField control={form.control} name="message" id="message" label="Message" required />
      <Honeypot registration={form.register('website')} />
      <Button type="submit" disabled={send.isPending}>
        Submit
      </Button>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Form>
  );
}
