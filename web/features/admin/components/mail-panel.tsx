import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  MAILING_AUDIENCES,
  MAILING_FORMATS,
  MAILING_SUBJECT_MAX,
  MAILING_TEXT_MAX,
  MailingAudienceLabels,
  type MailingAudience,
  type MailingFormat,
} from '../../../../contract/admin';
import { visibleText } from '../../../../contract/rich-text';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { SafeHtml } from '../../../components/rich-text/safe-html';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useCreateMailing } from '../api/create-mailing';
import { useMailingRecipients } from '../api/get-mailing-recipients';
import { useMailings } from '../api/get-mailings';
import { DeskTable } from './desk-table';

const FORMAT_LABELS: Record<MailingFormat, string> = { text: 'Plain text', rich: 'Formatted text' };

/** A radio button for each of `choices`, named `name`. */
function Radios<T extends string>(props: {
  name: string;
  inline?: boolean;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (choice: T) => void;
}) {
  const { name, inline, labels, value, onChange } = props;
  return props.choices.map((choice) => (
    <Form.Check
      key={choice}
      inline={inline}
      type="radio"
      id={`${name}-${choice}`}
      name={name}
      label={labels[choice]}
      checked={value === choice}
      onChange={() => onChange(choice)}
    />
  ));
}
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** The mails sent so far, each with its progress through the outbox. */
function MailingProgress() {
  const mailings = useMailings();
  if (mailings.isPending) return <PageLoading />;
  if (mailings.isError) return <ErrorAlert>{errorText(mailings.error)}</ErrorAlert>;
  if (mailings.data.total === 0) return <p>No mail to the festival yet.</p>;
  return (
    <DeskTable
      size="sm"
      caption="Mail to the festival, newest first, with its progress"
      columns={['Subject', 'To', 'By', 'Queued', 'Sent', 'Failed']}
    >
      {mailings.data.data.map((m) => (
        <tr key={m.id}>
          <td>{m.subject}</td>
          <td>
            {MailingAudienceLabels[m.audience]} ({m.recipients})
          </td>
          <td>{m.actor_name}</td>
          <td>{m.queued}</td>
          <td>{m.sent}</td>
          <td>{m.failed}</td>
        </tr>
      ))}
    </DeskTable>
  );
}

/**
 * Mail to the festival (docs/behaviour.md#mail-to-the-festival): write, preview with the number of
 * recipients, then send; one mail per person goes through the outbox at the configured rate.
 */
export function MailPanel() {
  const [audience, setAudience] = useState<MailingAudience>('hosts');
  const [format, setFormat] = useState<MailingFormat>('text');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [html, setHtml] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const count = useMailingRecipients(audience);
  const send = useCreateMailing();
  const body = format === 'text' ? text : html;

  const preview = () => {
    send.reset();
    if (subject.trim() === '') return setProblem('Write a subject.');
    if ((format === 'text' ? text : visibleText(html)).trim() === '') return setProblem('Write the message.');
    setProblem(null);
    setPreviewing(true);
  };
  const confirm = () =>
    send.mutate(
      { audience, subject, format, body },
      {
        onSuccess: () => {
          setPreviewing(false);
          setSubject('');
          setText('');
          setHtml('');
        },
      },
    );
  const recipients = count.data?.recipients;

  return (
    <>
      {previewing ? (
        <div className="border rounded p-3 mb-3" aria-labelledby="mail-preview-title" role="region">
          <h3 id="mail-preview-title" className="h5">
            Preview
          </h3>
          <p id="mail-preview-to">
            To: {MailingAudienceLabels[audience]} —{' '}
            <strong>{recipients === undefined ? '…' : people(recipients)}</strong>, each in a mail of their own.
          </p>
          <p>
            Subject: <strong>{subject}</strong>
          </p>
          <div className="border rounded p-2 mb-3 bg-body-tertiary">
            {format === 'text' ? <p style={{ whiteSpace: 'pre-wrap' }}>{text}</p> : <SafeHtml html={html} />}
          </div>
          <div className="d-flex gap-2">
            <Button
              variant="primary"
              disabled={send.isPending || !recipients}
              onClick={confirm}
              aria-describedby="mail-preview-to"
            >
              {recipients ? `Send to ${people(recipients)}` : 'Send'}
            </Button>
            <Button variant="outline-secondary" disabled={send.isPending} onClick={() => setPreviewing(false)}>
              Edit
            </Button>
          </div>
        </div>
      ) : (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            preview();
          }}
          className="mb-3"
        >
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Send to</legend>
            <Radios
              name="mail-audience"
              choices={MAILING_AUDIENCES}
              labels={MailingAudienceLabels}
              value={audience}
              onChange={setAudience}
            />
            <p className="form-text mb-0" aria-live="polite">
              {count.isError
                ? errorText(count.error)
                : recipients === undefined
                  ? 'Counting…'
                  : `${people(recipients)} will get this mail.`}
            </p>
          </fieldset>
          <Form.Group className="mb-3" controlId="mail-subject">
            <Form.Label>Subject</Form.Label>
            <Form.Control
              value={subject}
              maxLength={MAILING_SUBJECT_MAX}
              onChange={(e) => setSubject(e.target.value)}
            />
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Format</legend>
            <Radios
              name="mail-format"
              inline
              choices={MAILING_FORMATS}
              labels={FORMAT_LABELS}
              value={format}
              onChange={setFormat}
            />
          </fieldset>
          {format === 'text' ? (
            <Form.Group className="mb-3" controlId="mail-body">
              <Form.Label>Message</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                value={text}
                maxLength={MAILING_TEXT_MAX}
                onChange={(e) => setText(e.target.value)}
              />
            </Form.Group>
          ) : (
            <div className="mb-3">
              <p id="mail-body-label" className="form-label mb-2">
                Message
              </p>
              <RichTextEditor id="mail-body-rich" value={html} onChange={setHtml} labelledBy="mail-body-label" />
              <p className="form-text">Pictures cannot be sent in a mail to the festival.</p>
            </div>
          )}
          {problem && (
            <p className="text-danger" role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" variant="outline-primary">
            Preview
          </Button>
        </Form>
      )}
      <div role="status">
        {send.isSuccess && `Queued: ${people(send.data.recipients)} will each get the mail “${send.data.subject}”.`}
      </div>
      {send.isError && <ErrorAlert>{errorText(send.error)}</ErrorAlert>}
      <h3 className="h5 mt-3">Sent so far</h3>
      <MailingProgress />
    </>
  );
}
