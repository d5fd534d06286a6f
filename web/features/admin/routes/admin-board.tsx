import { useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError, errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { clearSession } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';
import { useAdminBoard } from '../api/get-admin-board';
import { AnnouncementsPanel } from '../components/announcements-panel';
import { AuditLog } from '../components/audit-log';
import { DashboardFigures } from '../components/dashboard-figures';
import { DraftSchedulePanel } from '../components/draft-schedule-panel';
import { ExportsPanel } from '../components/exports-panel';
import { MailPanel } from '../components/mail-panel';
import { MatchingPanel } from '../components/matching-panel';
import { RainDatePanel } from '../components/rain-date-panel';
import { ReleasePanel } from '../components/release-panel';

/** The desk's panels below the dashboard, in order, each a section named by its heading. */
const PANELS = [
  { id: 'desk-matching', title: 'Matching', Panel: MatchingPanel },
  { id: 'desk-draft', title: 'Draft schedule', Panel: DraftSchedulePanel },
  { id: 'desk-release', title: 'Schedule release', Panel: ReleasePanel },
  { id: 'desk-rain', title: 'Rain date', Panel: RainDatePanel },
  { id: 'desk-announcements', title: 'Announcements', Panel: AnnouncementsPanel },
  { id: 'desk-mail', title: 'Mail to the festival', Panel: MailPanel },
  { id: 'desk-exports', title: 'Exports', Panel: ExportsPanel },
  { id: 'desk-audit', title: 'Audit log', Panel: AuditLog },
];

/** The committee's desk, shown under the admin test endpoint's message once the server has said yes. */
function Desk() {
  const dashboard = useDashboard();
  return (
    <>
      <section aria-labelledby="desk-dashboard" className="mb-5">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="desk-dashboard" className="mb-0">
            Dashboard
          </h2>
          <Link className="btn btn-primary" to="/admin/people">
            People
          </Link>
        </div>
        {dashboard.isPending ? (
          <PageLoading />
        ) : dashboard.isError ? (
          <ErrorAlert>{errorText(dashboard.error)}</ErrorAlert>
        ) : (
          <DashboardFigures data={dashboard.data} />
        )}
      </section>
      {PANELS.map(({ id, title, Panel }) => (
        <section key={id} aria-labelledby={id} className="mb-5">
          <h2 id={id}>{title}</h2>
          <Panel />
        </section>
      ))}
    </>
  );
}

export function AdminBoard() {
  usePageTitle('Admin board');
  const board = useAdminBoard();
  const unauthenticated = board.error instanceof ApiError && board.error.status === 401;

  useEffect(() => {
    // docs/behaviour.md#states-and-transitions: a 401 here means the session is no good any more,
    // so it is dropped.
    if (unauthenticated) clearSession();
  }, [unauthenticated]);

  let content;
  if (board.isPending) content = <PageLoading />;
  else if (board.isError)
    // docs/behaviour.md#errors: the server's message, or the error's own text.
    content = (
      <ErrorAlert>{board.error instanceof ApiError ? board.error.body.message : board.error.message}</ErrorAlert>
    );
  else
    content = (
      <>
        <p className="alert alert-secondary">{board.data.message}</p>
        <Desk />
      </>
    );

  return (
    <>
      <h1>Admin board</h1>
      {content}
    </>
  );
}
