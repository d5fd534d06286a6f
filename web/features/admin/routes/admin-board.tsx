import { useEffect } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { clearSession } from '../../../lib/session';
import { useAdminBoard } from '../api/get-admin-board';

export function AdminBoard() {
  usePageTitle('Admin board');
  const board = useAdminBoard();
  const unauthenticated = board.error instanceof ApiError && board.error.status === 401;

  useEffect(() => {
    // Spec 4: a 401 here means the session is no good any more, so it is dropped.
    if (unauthenticated) clearSession();
  }, [unauthenticated]);

  let content;
  if (board.isPending) content = <PageLoading />;
  else if (board.isError)
    // Spec 8: the server's message, or the error's own text.
    content = (
      <ErrorAlert>{board.error instanceof ApiError ? board.error.body.message : board.error.message}</ErrorAlert>
    );
  else content = <p className="alert alert-secondary">{board.data.message}</p>;

  return (
    <>
      <h1>Admin board</h1>
      {content}
    </>
  );
}
