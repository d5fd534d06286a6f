import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { longDate, zonedDate } from '../../../../contract/festival-time';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { useDeskSettings } from '../api/get-desk-settings';
import { useSetScheduleRelease } from '../api/set-schedule-release';
import { instantOf, wallTime, WallClockField } from './wall-clock';

export function ReleasePanel() {
  const festival = useFestival();
  const settings = useDeskSettings();
  const save = useSetScheduleRelease();
  const [draft, setDraft] = useState<string | null>(null);

  if (settings.isPending || festival.isPending) return <PageLoading />;
  if (settings.isError) return <ErrorAlert>{errorText(settings.error)}</ErrorAlert>;
  if (festival.isError) return <ErrorAlert>{errorText(festival.error)}</ErrorAlert>;
  const timeZone = festival.data.timezone;
  const at = settings.data.schedule_release_at;
  const value = draft ?? (at ? wallTime(at, timeZone) : '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const instant = instantOf(value, timeZone);
    if (!instant) return;
    save.mutate({ release_at: instant }, { onSuccess: () => setDraft(null) });
  };

  return (
    <>
      <p>
        {at === null
          ? 'The schedule is public.'
          : `The public schedule appears on ${longDate(
              zonedDate(Date.parse(at), timeZone),
            )} at ${wallTime(at, timeZone).slice(11)} (${timeZone}).`}{' '}
        {settings.data.schedule_release_source === 'desk' ? 'Set from this desk.' : 'From the festival configuration.'}
      </p>
      <Form onSubmit={onSubmit} className="row g-2 align-items-end">
        <div className="col-sm-6 col-md-4">
          <WallClockField
            id="release-at"
            label="Release time"
            timeZone={timeZone}
            value={value}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="col-auto d-flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save release time
          </Button>
          {settings.data.schedule_release_source === 'desk' && (
            <Button
              variant="outline-secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({ release_at: null }, { onSuccess: () => setDraft(null) })}
            >
              Use the configuration’s time
            </Button>
          )}
        </div>
      </Form>
      {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
    </>
  );
}
