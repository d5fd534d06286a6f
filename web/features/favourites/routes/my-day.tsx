import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import { isZonedDate } from '../../../../contract/festival-time';
import type { ScheduleEntry } from '../../../../contract/schedule';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { festivalDayOf, type FestivalResponse } from '../../../lib/festival-day';
import { usePageTitle } from '../../../lib/page-title';
import { PrintHeader } from '../../offline/print-header';
import { setsBySlot } from '../../schedule/lib/schedule-sets';
import { useNowAndNext } from '../../schedule/lib/use-now-and-next';
import { useSchedulePage } from '../../schedule/lib/use-schedule-page';
import { addFavourites, parseIds, useFavourites } from '../favourites-store';
import { download, myDayCalendar } from '../my-day-calendar';
import { StarButton } from '../star-button';

/**
 * /myday: the favourites by slot, with a warning where two play at once, a link that carries
 * them to another phone (/myday?acts=12,40), and the day as a calendar file. Opened from such a
 * link it shows the shared acts, with a button to add them to this phone's favourites. On the
 * festival day each slot is marked Now, Next or Ended (issue 28, item 9).
 */
export function MyDay() {
  usePageTitle('My day');
  const { festival, data, error } = useSchedulePage();

  return (
    <div className="my-day-page">
      <PrintHeader />
      <PageHeading>My day</PageHeading>
      {error ? (
        <ErrorAlert>The schedule could not be loaded: {errorText(error)}</ErrorAlert>
      ) : !data || !festival ? (
        <PageLoading />
      ) : (
        <MyDayContent festival={festival} entries={data.data} />
      )}
    </div>
  );
}

type SlotMark = 'Now' | 'Next' | 'Ended' | null;

/** Each slot's mark on the festival day, in the festival's zone; none on any other day. */
function useSlotMarks(festival: FestivalResponse) {
  const { windows, state, now } = useNowAndNext(festival);
  const today = isZonedDate(now, festivalDayOf(festival).date, festival.timezone);
  const marks: SlotMark[] = windows.map((w, slot) =>
    state.now === slot ? 'Now' : state.next === slot ? 'Next' : today && now >= w.end ? 'Ended' : null,
  );
  return { windows, marks };
}

/**
 * Copies the link; where the browser cannot (no clipboard, or it refused), selects it in its
 * field so the person can copy it themselves, and says so.
 */
async function copyOrSelect(url: string, field: HTMLInputElement | null): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    return 'selected';
  }
}

const COPY_STATUS = {
  idle: '',
  copied: 'Link copied.',
  selected: 'The link is selected: copy it with your device’s Copy.',
} as const;

function MyDayContent({ festival, entries }: { festival: FestivalResponse; entries: readonly ScheduleEntry[] }) {
  const [params] = useSearchParams();
  const favourites = useFavourites();
  const shared = params.has('acts') ? parseIds(params.get('acts')) : null;
  const ids = shared ?? favourites;
  const { windows, marks } = useSlotMarks(festival);
  const bySlot = useMemo(() => {
    const wanted = new Set(ids);
    return setsBySlot(entries).map((slot) => slot.filter((set) => wanted.has(set.cell.act_id)));
  }, [entries, ids]);
  const sets = bySlot.flat();
  // A shared link counts only the acts this schedule can show (an act since removed, hidden or
  // not yet released is left out of the count and of what can be added).
  const shown = [...new Set(sets.map((set) => set.cell.act_id))];
  const missing = shared ? shown.filter((id) => !favourites.includes(id)) : [];
  const [copy, setCopy] = useState<keyof typeof COPY_STATUS>('idle');
  const linkField = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator.share === 'function';
  const shareUrl = `${window.location.origin}/myday?acts=${favourites.join(',')}`;

  if (ids.length === 0) {
    return (
      <p>
        No favourites yet. Star the acts you want to see on the <Link to="/schedule">schedule</Link> or their pages, and
        they appear here, in time order. They are kept on this device: no account is needed.
      </p>
    );
  }

  return (
    <>
      {shared && shown.length > 0 && (
        <div className="alert alert-info">
          <p className="mb-2">
            Someone shared {shown.length === 1 ? 'this act' : `these ${shown.length} acts`} with you.
          </p>
          {missing.length > 0 ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => addFavourites(missing)}>
              Add {missing.length === 1 ? 'it' : `these ${missing.length}`} to my favourites
            </button>
          ) : (
            <p className="mb-0">
              All of them are in your favourites.{' '}
              <Link to="/myday" className="alert-link">
                See my day
              </Link>
            </p>
          )}
        </div>
      )}
      {sets.length === 0 && <p>None of these acts is on the schedule yet.</p>}
      {windows.map((w, slot) => {
        const here = bySlot[slot] ?? [];
        if (here.length === 0) return null;
        const mark = marks[slot];
        return (
          <section
            key={w.name}
            aria-labelledby={`myday-slot-${slot}`}
            className={`mb-4${mark === 'Ended' ? ' my-day-ended' : ''}`}
          >
            <h2 id={`myday-slot-${slot}`} className="h5">
              {w.name}: {w.labelWithZone}
              {mark && <span className={`badge ms-2 my-day-mark my-day-mark-${mark.toLowerCase()}`}>{mark}</span>}
            </h2>
            {here.length > 1 && (
              <div className="alert alert-warning" role="note">
                <strong>Conflict:</strong> {here.map((s) => s.cell.act_name).join(' and ')} play at the same time (
                {w.labelWithZone}). You can only be at one porch.
              </div>
            )}
            <ul className="list-unstyled">
              {here.map((set) => (
                <li key={set.key} className="d-flex justify-content-between align-items-start gap-2 border-bottom py-2">
                  <div>
                    <Link to={`/acts/${set.cell.act_id}`} className="fw-semibold">
                      {set.cell.act_name}
                    </Link>
                    <div className="small">
                      {GenreList.labels[set.cell.act_genre]} · <Link to={`/venues/${set.venueId}`}>{set.address}</Link>
                    </div>
                  </div>
                  <StarButton actId={set.cell.act_id} actName={set.cell.act_name} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {!shared && sets.length > 0 && (
        <section aria-labelledby="myday-share" className="mb-4 my-day-share">
          <h2 id="myday-share" className="h5">
            Share and save
          </h2>
          <label htmlFor="myday-share-link" className="form-label">
            Link to my day
          </label>
          <div className="input-group mb-2">
            <input ref={linkField} id="myday-share-link" className="form-control" readOnly value={shareUrl} />
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => {
                void copyOrSelect(shareUrl, linkField.current).then(setCopy);
              }}
            >
              Copy link
            </button>
            {canShare && (
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => {
                  // The phone's share sheet; closing it without choosing is not an error to show.
                  navigator
                    .share({ title: `${festival.name} ${festival.year}: my day`, url: shareUrl })
                    .catch(() => {});
                }}
              >
                Share
              </button>
            )}
          </div>
          <p role="status" className="small">
            {COPY_STATUS[copy]}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              download(
                myDayCalendar(festival, windows, sets, window.location.origin, Date.now()),
                'porchfest-my-day.ics',
                'text/calendar',
              )
            }
          >
            Add to calendar
          </button>
        </section>
      )}
    </>
  );
}
