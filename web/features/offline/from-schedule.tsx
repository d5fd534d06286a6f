import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GenreList } from '../../../contract/choices';
import type { ScheduleEntry } from '../../../contract/schedule';
import { PageHeading } from '../../components/catalogue/page-heading';
import { PageLoading } from '../../components/ui/page-loading';
import { useFestival } from '../../lib/festival';
import { festivalSlotWindows, type FestivalResponse } from '../../lib/festival-day';
import { usePageTitle } from '../../lib/page-title';
import { SCHEDULE_SLOT_KEYS } from '../../lib/schedule-times';
import { useSchedule } from '../schedule/api/get-schedule';

/**
 * An act or venue page whose own read got no answer (offline, and the service worker never
 * stored it) shows what the schedule the worker keeps holds for it, with a note that the full
 * page needs a connection: never an error and never a reload that would throw the screen away
 * (docs/decisions/0025-offline-pages-and-paper.md).
 */
function OfflineNote({ kind }: { kind: 'act' | 'venue' }) {
  return (
    <p className="alert alert-info" role="note">
      You are offline, so this is what the schedule on this device says about this {kind}. The full page needs a
      connection.
    </p>
  );
}

function Unavailable({ kind }: { kind: 'act' | 'venue' }) {
  return (
    <div>
      <PageHeading>{kind === 'act' ? 'Act' : 'Venue'}</PageHeading>
      <p className="alert alert-info" role="note">
        This page needs a connection, and this {kind} is not on the schedule kept on this device.
      </p>
      <p>
        <Link to="/schedule">Open the schedule</Link>
      </p>
    </div>
  );
}

/** The schedule and the festival as kept on the device; undefined while they load. */
function useKept(): { entries: readonly ScheduleEntry[]; festival: FestivalResponse } | null | undefined {
  const schedule = useSchedule();
  const festival = useFestival();
  if (schedule.data && festival.data) return { entries: schedule.data.data, festival: festival.data };
  return schedule.isPending || festival.isPending ? undefined : null;
}

function Frame({ title, kind, children }: { title: string; kind: 'act' | 'venue'; children: ReactNode }) {
  return (
    <div>
      <PageHeading>{title}</PageHeading>
      <OfflineNote kind={kind} />
      {children}
    </div>
  );
}

/** /acts/{id} offline: name, genre, description, and where and when it plays. */
export function OfflineAct({ id }: { id: number }) {
  const kept = useKept();
  const sets = kept
    ? kept.entries.flatMap((entry) =>
        SCHEDULE_SLOT_KEYS.flatMap((key, slot) => {
          const cell = entry[key];
          return cell && cell.act_id === id ? [{ entry, cell, slot }] : [];
        }),
      )
    : [];
  const first = sets[0]?.cell;
  usePageTitle(first?.act_name ?? 'Act');
  if (kept === undefined) return <PageLoading />;
  if (!kept || !first) return <Unavailable kind="act" />;
  const windows = festivalSlotWindows(kept.festival);
  return (
    <Frame title={first.act_name} kind="act">
      <p>
        <strong>Genre:</strong> {GenreList.labels[first.act_genre]}
      </p>
      {first.act_description && <p className="offline-description">{first.act_description}</p>}
      <h2 className="h5">Plays at</h2>
      <ul>
        {sets.map(({ entry, slot }) => (
          <li key={`${entry.id}-${slot}`}>
            {windows[slot]?.labelWithZone ?? `Slot ${slot + 1}`} at{' '}
            <Link to={`/venues/${entry.id}`}>{entry.address}</Link>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** /venues/{id} offline: the address and its line-up in time order. */
export function OfflineVenue({ id }: { id: number }) {
  const kept = useKept();
  const entry = kept?.entries.find((e) => e.id === id);
  usePageTitle(entry?.address ?? 'Venue');
  if (kept === undefined) return <PageLoading />;
  if (!kept || !entry) return <Unavailable kind="venue" />;
  const windows = festivalSlotWindows(kept.festival);
  const lineUp = SCHEDULE_SLOT_KEYS.flatMap((key, slot) => {
    const cell = entry[key];
    return cell ? [{ cell, slot }] : [];
  });
  return (
    <Frame title={entry.address} kind="venue">
      <h2 className="h5">Line-up</h2>
      {lineUp.length === 0 ? (
        <p>No act plays here yet.</p>
      ) : (
        <ul>
          {lineUp.map(({ cell, slot }) => (
            <li key={slot}>
              {windows[slot]?.labelWithZone ?? `Slot ${slot + 1}`}:{' '}
              <Link to={`/acts/${cell.act_id}`}>{cell.act_name}</Link> ({GenreList.labels[cell.act_genre]})
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}
