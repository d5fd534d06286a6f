import { useEffect } from 'react';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { longDate } from '../../../components/catalogue/festival-dates';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { scheduleClock, scheduleColumns } from '../../../lib/schedule-times';
import { useSchedule } from '../api/get-schedule';
import { ScheduleGrid } from '../components/schedule-grid';
import '../schedule.css';

/** Spec 2: /schedule, the public grid of who plays where and when. */
export function Schedule() {
  usePageTitle('Schedule');
  const festival = useFestival();
  const schedule = useSchedule();
  const error = schedule.error ?? festival.error;

  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  const event = festival.data?.event;
  const rain = festival.data?.rain_date;
  return (
    <div className="schedule-page">
      <PageHeading>Schedule</PageHeading>
      {event && (
        <p className="lead">
          {longDate(event.date)}, {scheduleClock(event.start)} to {scheduleClock(event.end)}
          {rain && <>. Rain date: {longDate(rain.date)}</>}.
        </p>
      )}
      {error ? (
        <ErrorAlert>The schedule could not be loaded: {errorText(error)}</ErrorAlert>
      ) : !schedule.data || !festival.data ? (
        <PageLoading />
      ) : schedule.data.data.length === 0 ? (
        <p>The schedule has not been published yet. Please check again later.</p>
      ) : (
        <ScheduleGrid entries={schedule.data.data} columns={scheduleColumns(festival.data)} />
      )}
    </div>
  );
}
