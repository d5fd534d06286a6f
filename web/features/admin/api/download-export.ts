import type { ExportName } from '../../../../contract/admin';
import { apiDownload } from '../../../lib/api-client';

/** GET /v1/admin/exports/{name}.csv, saved by the browser under the server's file name. */
export async function downloadExport(name: ExportName, slug: string): Promise<void> {
  const blob = await apiDownload(`/v1/admin/exports/${name}.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}-${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
