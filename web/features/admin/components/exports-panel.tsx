import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { EXPORT_NAMES, ExportLabels, type ExportName } from '../../../../contract/admin';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { downloadExport } from '../api/download-export';

export function ExportsPanel() {
  const festival = useFestival();
  const [busy, setBusy] = useState<ExportName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slug = festival.data?.slug ?? 'festival';

  const download = async (name: ExportName) => {
    setBusy(name);
    setError(null);
    try {
      await downloadExport(name, slug);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p>CSV files for spreadsheets and printing (UTF-8).</p>
      <div className="d-flex flex-wrap gap-2">
        {EXPORT_NAMES.map((name) => (
          <Button key={name} variant="outline-primary" disabled={busy !== null} onClick={() => void download(name)}>
            {busy === name ? 'Preparing…' : `Download ${ExportLabels[name]}`}
          </Button>
        ))}
      </div>
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </>
  );
}
