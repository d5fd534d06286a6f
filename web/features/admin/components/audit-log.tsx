import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { AuditActionLabels } from '../../../../contract/admin';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useAudit } from '../api/desk';

const PAGE = 20;

const describe = (value: Record<string, unknown> | null) =>
  value === null
    ? '—'
    : Object.entries(value)
        .map(([key, v]) => `${key}: ${Array.isArray(v) ? v.join(', ') || 'none' : String(v)}`)
        .join('; ');

export function AuditLog() {
  const [offset, setOffset] = useState(0);
  const audit = useAudit(offset, PAGE);
  // In the festival's zone, as every time the app shows, whatever the device's zone.
  const timeZone = useFestival().data?.timezone;
  const when = (iso: string) =>
    new Date(iso).toLocaleString('en-US', {
      // Browsers refuse dateStyle and timeStyle together with timeZoneName: the fields one by one.
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
  if (audit.isPending) return <PageLoading />;
  if (audit.isError) return <ErrorAlert>{errorText(audit.error)}</ErrorAlert>;
  const { data, total } = audit.data;
  if (total === 0) return <p>No admin actions yet.</p>;
  return (
    <>
      <Table responsive size="sm">
        <caption className="visually-hidden">Admin actions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">About</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {data.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
              </td>
              <td>{entry.actor.name}</td>
              <td>{AuditActionLabels[entry.action]}</td>
              <td>{entry.target.label}</td>
              <td>{describe(entry.before)}</td>
              <td>{describe(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <nav aria-label="Audit log pages" className="d-flex gap-2 align-items-center">
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          Newer
        </Button>
        <span>
          {offset + 1}–{offset + data.length} of {total}
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={offset + PAGE >= total}
          onClick={() => setOffset(offset + PAGE)}
        >
          Older
        </Button>
      </nav>
    </>
  );
}
