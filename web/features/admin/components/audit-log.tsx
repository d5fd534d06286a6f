import { useState } from 'react';
import { AuditActionLabels } from '../../../../contract/admin';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useAudit } from '../api/get-audit';
import { DeskPager } from './desk-pager';
import { DeskTable } from './desk-table';

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
      <DeskTable
        size="sm"
        caption="Admin actions, newest first"
        columns={['When', 'Who', 'What', 'About', 'Before', 'After']}
      >
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
      </DeskTable>
      <DeskPager
        label="Audit log pages"
        back="Newer"
        forward="Older"
        size="sm"
        offset={offset}
        shown={data.length}
        total={total}
        pageSize={PAGE}
        onOffset={setOffset}
      />
    </>
  );
}
