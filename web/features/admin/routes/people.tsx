import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { ROLE_VALUES, type Person, type RoleName } from '../../../../contract/admin';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { usePeople } from '../api/get-people';
import { useSetAdmin } from '../api/set-admin';
import { DeskPager } from '../components/desk-pager';
import { DeskTable } from '../components/desk-table';

const PAGE = 25;
const ROLE_LABELS: Record<RoleName, string> = { admin: 'Admin', host: 'Host', performer: 'Performer' };
const isRole = (value: string | null): value is RoleName => ROLE_VALUES.some((r) => r === value);

function AdminToggle({ person, onDone }: { person: Person; onDone: (message: string) => void }) {
  const setAdmin = useSetAdmin();
  const isAdmin = person.roles.includes('admin');
  return (
    <>
      <Button
        size="sm"
        variant={isAdmin ? 'outline-danger' : 'outline-primary'}
        disabled={setAdmin.isPending}
        aria-label={`${isAdmin ? 'Revoke admin from' : 'Grant admin to'} ${person.name}`}
        onClick={() =>
          setAdmin.mutate(
            { id: person.id, input: { is_admin: !isAdmin } },
            { onSuccess: (p) => onDone(`${p.name} is ${p.roles.includes('admin') ? 'now' : 'no longer'} an admin.`) },
          )
        }
      >
        {isAdmin ? 'Revoke admin' : 'Grant admin'}
      </Button>
      {setAdmin.isError && (
        <div className="text-danger small mt-1" role="alert">
          {errorText(setAdmin.error)}
        </div>
      )}
    </>
  );
}

export function People() {
  usePageTitle('People');
  const me = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const [status, setStatus] = useState('');
  const people = usePeople({ search, role, offset, limit: PAGE });
  const timeZone = useFestival().data?.timezone;

  const update = (change: { search?: string; role?: string; offset?: number }) => {
    const next = new URLSearchParams();
    const s = change.search ?? search;
    const r = change.role ?? role ?? '';
    const o = change.offset ?? 0;
    if (s) next.set('search', s);
    if (r) next.set('role', r);
    if (o > 0) next.set('offset', String(o));
    setParams(next, { replace: true });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft.trim() });
  };

  let content;
  if (people.isPending) content = <PageLoading />;
  else if (people.isError) content = <ErrorAlert>{errorText(people.error)}</ErrorAlert>;
  else {
    const { data } = people.data;
    const total = people.data.total ?? data.length;
    content =
      data.length === 0 ? (
        <p>No one matches.</p>
      ) : (
        <>
          <DeskTable
            hover
            caption="People, newest account first"
            columns={['Name', 'E-mail', 'Roles', 'Created', 'Venues', 'Acts', 'Admin']}
          >
            {data.map((person) => (
              <tr key={person.id}>
                <th scope="row">
                  <Link to={`/profile/${encodeURIComponent(person.email)}`}>{person.name}</Link>
                </th>
                <td>{person.email}</td>
                <td>{person.roles.map((r) => ROLE_LABELS[r]).join(', ') || 'None'}</td>
                <td>
                  <time dateTime={person.created_at}>
                    {new Date(person.created_at).toLocaleDateString('en-US', { timeZone, dateStyle: 'medium' })}
                  </time>
                </td>
                <td>{person.venues}</td>
                <td>{person.acts}</td>
                <td>{person.id === me?.id ? 'You' : <AdminToggle person={person} onDone={setStatus} />}</td>
              </tr>
            ))}
          </DeskTable>
          <DeskPager
            label="People pages"
            back="Previous"
            forward="Next"
            offset={offset}
            shown={data.length}
            total={total}
            pageSize={PAGE}
            onOffset={(o) => update({ offset: o })}
          />
        </>
      );
  }

  return (
    <>
      <p>
        <Link to="/admin">Back to the admin board</Link>
      </p>
      <h1>People</h1>
      <form role="search" aria-label="Search people" className="row g-2 mb-3" onSubmit={onSubmit}>
        <div className="col-md-6">
          <Form.Label htmlFor="people-search">Search by name or e-mail</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control id="people-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
            <Button type="submit">Search</Button>
          </div>
        </div>
        <div className="col-md-3">
          <Form.Label htmlFor="people-role">Role</Form.Label>
          <Form.Select id="people-role" value={role ?? ''} onChange={(e) => update({ role: e.target.value })}>
            <option value="">Everyone</option>
            {ROLE_VALUES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Form.Select>
        </div>
      </form>
      <div role="status" className="mb-2">
        {status}
      </div>
      {content}
    </>
  );
}
