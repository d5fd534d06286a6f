import { formResolver } from '../../../lib/form-resolver';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FestivalConfig } from '../../../../contract/festival';
import { contactInputSchema } from '../../../../contract/messages';
import { RichTextField } from '../../../components/catalogue/form-fields';
import { RequiredMark } from '../../../components/catalogue/required-mark';
import { ErrorAlert } from '../../../components/ui/error-alert';
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
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: formResolver(schema),
    defaultValues: { category: '', sender_email: email, message: '', website: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
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

  const categoryError = errors.category?.message;
  const emailError = errors.sender_email?.message;
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Form.Group className="mb-3" controlId="category">
        <Form.Label>
          Category
          <RequiredMark />
        </Form.Label>
        <Form.Select
          isInvalid={Boolean(categoryError)}
          aria-invalid={categoryError ? true : undefined}
          aria-required
          aria-describedby={categoryError ? 'category-error' : undefined}
          {...register('category')}
        >
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.value} value={c.value}>
              {c.name}
            </option>
          ))}
        </Form.Select>
        {categoryError && (
          <Form.Control.Feedback id="category-error" type="invalid">
            {categoryError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="sender_email">
        <Form.Label>
          Email
          <RequiredMark />
        </Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          isInvalid={Boolean(emailError)}
          aria-invalid={emailError ? true : undefined}
          aria-required
          aria-describedby={emailError ? 'sender_email-error' : undefined}
          {...register('sender_email')}
        />
        {emailError && (
          <Form.Control.Feedback id="sender_email-error" type="invalid">
            {emailError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <RichTextField control={control} name="message" id="message" label="Message" required />
      <Honeypot registration={register('website')} />
      <Button type="submit" disabled={send.isPending}>
        Submit
      </Button>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Form>
  );
}
