import { ViewToggle } from '../../map/view-toggle';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import type { FestivalConfig } from '../../../../contract/festival';
import type { ScheduleEntry } from '../../../../contract/schedule';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { longDate } from '../../../components/catalogue/festival-dates';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { longDate as releaseDate, zonedDate } from '../../../../contract/festival-time';
import { usePageTitle } from '../../../lib/page-title';
import { festivalDayOf } from '../../../lib/festival-day';
import { scheduleClock, scheduleColumns } from '../../../lib/schedule-times';
import { useFavourites } from '../../favourites/favourites-store';
import { PrintHeader } from '../../offline/print-header';
import { ScheduleFilterForm } from '../components/schedule-filter-form';
import { ScheduleGrid } from '../components/schedule-grid';
import { firstSlotWithMatch, SlotTabs } from '../components/slot-tabs';
import {
  isFiltered,
  NO_SCHEDULE_FILTERS,
  readFilters,
  setMatcher,
  setsBySlot,
  writeFilters,
} from '../lib/schedule-sets';
import { useNowAndNext } from '../lib/use-now-and-next';
import { usePrinting, useWideScreen } from '../lib/use-media';
import { useSchedulePage } from '../lib/use-schedule-page';
import '../schedule.css';

// The Map view (its list, "Near me", and Leaflet behind it) is fetched when it opens, not in the
// schedule's first load (docs/decisions/0034-amenity-filters-and-the-venues-map.md).
const ScheduleMapView = lazy(() => import('../../map/schedule-map-view').then((m) => ({ default: m.ScheduleMapView })));

/** /schedule: the spec's grid on wide screens and paper, by time with now and next on phones. */
export function Schedule() {
  usePageTitle('Schedule');
  const { festival, data, error } = useSchedulePage();
  const day = festival ? festivalDayOf(festival) : undefined;
  const rain = festival?.rain_date;
  return (
    <div className="schedule-page">
      <PrintHeader />
      <PageHeading>Schedule</PageHeading>
      {day && (
        <p className="lead">
          {longDate(day.date)}, {scheduleClock(day.start)} to {scheduleClock(day.end)}
          {rain && rain.date !== day.date && <>. Rain date: {longDate(rain.date)}</>}.
        </p>
      )}
      {error ? (
        <ErrorAlert>The schedule could not be loaded: {errorText(error)}</ErrorAlert>
      ) : !data || !festival ? (
        <PageLoading />
      ) : data.release && !data.release.released && data.data.length === 0 ? (
        <p>
          The schedule will be published on {releaseDate(zonedDate(Date.parse(data.release.at), festival.timezone))}.
        </p>
      ) : data.data.length === 0 ? (
        <p>The schedule has not been published yet. Please check again later.</p>
      ) : (
        <FilteredSchedule festival={festival} entries={data.data} />
      )}
    </div>
  );
}

function FilteredSchedule({ festival, entries }: { festival: FestivalConfig; entries: readonly ScheduleEntry[] }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const favourites = useFavourites();
  // One layout is rendered: paper always gets the grid. Both only while the width is not known
  // (the server's drawing and the browser taking it over, docs/decisions/0048), each shown by the
  // style sheet on the screens it is for; the other goes as soon as the width is known.
  const wideScreen = useWideScreen();
  const printing = usePrinting();
  const wide = printing || wideScreen;
  const { windows, state } = useNowAndNext(festival);
  // A slot picked by hand holds while the filters stay as they were; new filters open at a match.
  const [picked, setPicked] = useState<{ filters: string; slot: number } | null>(null);
  const filterKey = JSON.stringify(filters);
  const all = useMemo(() => setsBySlot(entries), [entries]);
  const matches = useMemo(() => setMatcher(filters, favourites), [filters, favourites]);
  const sets = useMemo(() => all.map((slot) => slot.filter(matches)), [all, matches]);
  const count = sets.reduce((n, slot) => n + slot.length, 0);
  const total = all.reduce((n, slot) => n + slot.length, 0);
  const genres = useMemo(
    () => GenreList.values.filter((g) => all.some((slot) => slot.some((s) => s.cell.act_genre === g))),
    [all],
  );
  const filtered = isFiltered(filters);
  const mapView = params.get('view') === 'map';
  const setView = (view: 'list' | 'map') => {
    const next = new URLSearchParams(params);
    if (view === 'map') next.set('view', 'map');
    else next.delete('view');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // The grid keeps a row while any of its sets passes, and shows only the sets that do.
  const shown = useMemo(() => new Set(sets.flatMap((slot) => slot.map((s) => s.key))), [sets]);
  const rows = useMemo(
    () => (filtered ? entries.filter((e) => [0, 1, 2, 3].some((i) => shown.has(`${e.id}-${i}`))) : entries),
    [entries, filtered, shown],
  );

  return (
    <>
      <ScheduleFilterForm
        filters={filters}
        genres={genres}
        onChange={(next) => setParams(writeFilters(params, next), { replace: true, preventScrollReset: true })}
      />
      <p className="schedule-count d-print-none" role="status">
        {filtered ? `${count} of ${total} sets match.` : `${total} sets.`} <Link to="/myday">My day</Link>
      </p>
      <ViewToggle mapView={mapView} onChange={setView} className="mb-2 d-print-none" />
      {filtered && count === 0 ? (
        <div className="alert alert-info">
          <p className="mb-2">No set matches these filters.</p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setParams(writeFilters(params, NO_SCHEDULE_FILTERS), { replace: true })}
          >
            Clear the filters
          </button>
        </div>
      ) : mapView ? (
        <Suspense fallback={<p>Loading the map…</p>}>
          <ScheduleMapView festival={festival} entries={rows} state={state} />
        </Suspense>
      ) : (
        <>
          {wide !== false && (
            <div className={wide === undefined ? 'd-none d-md-block' : undefined}>
              <ScheduleGrid
                entries={rows}
                columns={scheduleColumns(festival)}
                state={state}
                shows={(entry, slot) => !filtered || shown.has(`${entry.id}-${slot}`)}
              />
            </div>
          )}
          {wide !== true && (
            <div className={wide === undefined ? 'd-md-none' : undefined}>
              <SlotTabs
                windows={windows}
                state={state}
                sets={sets}
                filtered={filtered}
                selected={
                  picked?.filters === filterKey
                    ? picked.slot
                    : filtered
                      ? firstSlotWithMatch(sets, state.open)
                      : state.open
                }
                onSelect={(slot) => setPicked({ filters: filterKey, slot })}
              />
            </div>
          )}
        </>
      )}
    </>
  );
}
