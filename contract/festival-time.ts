import { MONTHS, WEEKDAYS } from './calendar-names.js';
import type { FestivalConfig, SlotConfig } from './festival.js';

/**
 * Festival time: every clock, date and "now" of the festival is read in the festival's own time
 * zone (`timezone` in the configuration), never the device's. A phone set to another zone, or a
 * server running in UTC, still says that Slot 2 is 1:30pm-2:30pm EDT and that it is playing now.
 * Shared by the server (e-mails, calendar files) and the web app (schedule, now and next).
 */

type TimeRange = FestivalConfig['event'];

/**
 * A wall-clock time the way the schedule's columns write it: '12pm-1:00pm', '1:30pm-2:30pm'.
 * Noon and midnight on the hour are '12pm' and '12am'; every other time keeps its minutes.
 * docs/behaviour.md#clock-times says where this form appears and where `clockWithMinutes`'s does.
 */
export function scheduleClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  if (m === 0 && h % 12 === 0) return `12${h >= 12 ? 'pm' : 'am'}`;
  return clockWithMinutes(time);
}

/**
 * A wall-clock time with its minutes always written: '12:00pm', '1:30pm', the way the spec writes
 * the festival's opening hours ('12:00pm to 5:30pm') and a host's set-up times.
 */
export function clockWithMinutes(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** A slot's clock times: '1:30pm-2:30pm'. */
export function slotRangeLabel(slot: Pick<SlotConfig, 'start' | 'end'>): string {
  return `${scheduleClock(slot.start)}-${scheduleClock(slot.end)}`;
}

/**
 * '2025-06-14' as 'Saturday, June 14, 2025' (en-US): a calendar date, so no time zone shifts it.
 * Written out by hand: a page's first `Intl` formatter loads the browser's locale data, 30-40 ms
 * of main thread on a desktop and four times that on Lighthouse's phone.
 */
export function longDate(isoDate: string): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

/** From `from` (epoch ms) until the next span's `from`, the zone is `offset_minutes` ahead of UTC. */
export interface ZoneSpan {
  from: number;
  offset_minutes: number;
  abbreviation: string;
}

/**
 * The festival's zone over its days (the event and rain dates, a day either side), worked out by
 * the server and sent with GET /v1/festival: with it, a phone reads festival time without building
 * an `Intl` formatter (see `longDate`). Outside `from`..`until` the functions below ask `Intl`.
 */
export interface ZoneTable {
  time_zone: string;
  from: number;
  until: number;
  spans: ZoneSpan[];
}

const zoneTables = new Map<string, ZoneTable>();

/** Festival time in `table.time_zone` reads the table from now on, where it covers an instant. */
export function registerZoneTable(table: ZoneTable): void {
  if (table.spans.length > 0) zoneTables.set(table.time_zone, table);
}

function spanAt(instant: number, timeZone: string): ZoneSpan | undefined {
  const table = zoneTables.get(timeZone);
  if (!table || instant < table.from || instant >= table.until) return undefined;
  let found: ZoneSpan | undefined;
  for (const span of table.spans) {
    if (span.from > instant) break;
    found = span;
  }
  return found;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, as the fields of a UTC date (so arithmetic stays plain). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const span = spanAt(instant, timeZone);
  if (span) return Math.floor(instant / 1000) * 1000 + span.offset_minutes * 60_000;
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockAsUtc(whole, timeZone) - whole;
}

/** The instant (epoch milliseconds) at which the zone's clock reads `time` on `isoDate`. */
export function zonedInstant(isoDate: string, time: string, timeZone: string): number {
  const [y = 1970, mo = 1, d = 1] = isoDate.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const first = asUtc - zoneOffset(asUtc, timeZone);
  // Across a change of offset the first guess lands on the other side of it: correct once.
  const offset = zoneOffset(first, timeZone);
  return asUtc - offset;
}

/** The calendar date ('YYYY-MM-DD') in the zone at an instant. */
export function zonedDate(instant: number, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}

// Every zone's clock is within 14 hours of UTC (Kiribati's +14, Baker Island's -12).
const WIDEST_OFFSET = 14 * 3_600_000;

/**
 * Whether the zone's calendar reads `isoDate` at an instant: My day's "is it the festival day?".
 * An instant more than 14 hours outside that date's UTC day is on another date in every zone, and
 * is answered without reading the zone: on any other day (weeks before the festival, the weeks
 * after) a phone builds no `Intl` formatter, which costs a slow phone about 30 ms on its first use.
 */
export function isZonedDate(instant: number, isoDate: string, timeZone: string): boolean {
  const midnight = Date.parse(`${isoDate}T00:00:00Z`);
  if (instant < midnight - WIDEST_OFFSET || instant >= midnight + DAY + WIDEST_OFFSET) return false;
  return zonedDate(instant, timeZone) === isoDate;
}

const zoneNames = new Map<string, string>();

/** The zone's short name on a date, such as 'EDT' (or 'GMT+2' where the locale has no name). */
export function zoneAbbreviation(timeZone: string, isoDate: string): string {
  const key = `${timeZone} ${isoDate}`;
  let abbreviation = zoneNames.get(key);
  if (abbreviation === undefined) {
    const noon = zonedInstant(isoDate, '12:00', timeZone);
    abbreviation = spanAt(noon, timeZone)?.abbreviation ?? intlAbbreviation(noon, timeZone);
    zoneNames.set(key, abbreviation);
  }
  return abbreviation;
}

function intlAbbreviation(instant: number, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return name?.value ?? timeZone;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The zone's spans from the day before the first of `dates` to the day after the last, for the
 * server to send (see `ZoneTable`). Sampled every quarter hour, each change found to the minute.
 */
export function buildZoneTable(timeZone: string, dates: readonly string[]): ZoneTable {
  const days = [...dates].sort();
  const from = Date.parse(`${days[0]}T00:00:00Z`) - 2 * DAY;
  const until = Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 3 * DAY;
  const at = (instant: number) => ({
    offset_minutes: Math.round(zoneOffset(instant, timeZone) / MINUTE),
    abbreviation: intlAbbreviation(instant, timeZone),
  });
  const same = (a: ReturnType<typeof at>, b: ReturnType<typeof at>) =>
    a.offset_minutes === b.offset_minutes && a.abbreviation === b.abbreviation;
  const spans: ZoneSpan[] = [{ from, ...at(from) }];
  for (let t = from + 15 * MINUTE; t < until; t += 15 * MINUTE) {
    const here = at(t);
    if (same(here, spans[spans.length - 1]!)) continue;
    // The change is in the last quarter hour: find its minute.
    let low = t - 15 * MINUTE;
    let high = t;
    while (high - low > MINUTE) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (same(at(mid), here)) high = mid;
      else low = mid;
    }
    spans.push({ from: high, ...here });
  }
  return { time_zone: timeZone, from, until, spans };
}

/** The day the festival takes place: the event's, or the rain date's once the committee switches. */
export function festivalDay(festival: Pick<FestivalConfig, 'event' | 'rain_date'>, rainDateActive = false): TimeRange {
  return rainDateActive ? festival.rain_date : festival.event;
}

/** A slot with its clock labels and its start and end instants on the festival day. */
export interface SlotWindow {
  /** 'Slot 1' … 'Slot 4', as the configuration names it. */
  name: string;
  index: number;
  /** '1:30pm-2:30pm' */
  label: string;
  /** '1:30pm-2:30pm EDT' */
  labelWithZone: string;
  start: number;
  end: number;
}

// Every card of a list asks for the same day's windows: computed once per configuration object
// and date (a new configuration is a new object).
const windowsByFestival = new WeakMap<object, Map<string, readonly SlotWindow[]>>();

export function slotWindows(
  festival: Pick<FestivalConfig, 'slots' | 'timezone'>,
  isoDate: string,
): readonly SlotWindow[] {
  let byDate = windowsByFestival.get(festival);
  if (!byDate) windowsByFestival.set(festival, (byDate = new Map<string, readonly SlotWindow[]>()));
  let windows = byDate.get(isoDate);
  if (!windows) byDate.set(isoDate, (windows = Object.freeze(computeSlotWindows(festival, isoDate))));
  return windows;
}

function computeSlotWindows(festival: Pick<FestivalConfig, 'slots' | 'timezone'>, isoDate: string): SlotWindow[] {
  const zone = zoneAbbreviation(festival.timezone, isoDate);
  return festival.slots.map((slot, index) => {
    const label = slotRangeLabel(slot);
    return {
      name: slot.name,
      index,
      label,
      labelWithZone: `${label} ${zone}`,
      start: zonedInstant(isoDate, slot.start, festival.timezone),
      end: zonedInstant(isoDate, slot.end, festival.timezone),
    };
  });
}

/** '1:30pm-2:30pm EDT' for a slot named in the configuration, or undefined for an unknown name. */
export function slotLabelWithZone(
  festival: Pick<FestivalConfig, 'slots' | 'timezone'>,
  isoDate: string,
  slotName: string,
): string | undefined {
  return slotWindows(festival, isoDate).find((w) => w.name === slotName)?.labelWithZone;
}

export interface NowAndNext {
  /** The slot the schedule opens at. */
  open: number;
  /** The slot playing now, if one is. */
  now: number | null;
  /** The slot that comes next on the festival day, if one does. */
  next: number | null;
  /** When this answer next changes (epoch ms), or null once the day is over. */
  changesAt: number | null;
}

/**
 * What plays now and next on the festival day. During a slot: that slot is "now" and the
 * following one "next". Before the first slot on the day, or between two slots: the coming slot
 * is "next" and the schedule opens at it. On any other day, or after the last slot: the first
 * slot, unmarked.
 */
export function nowAndNext(
  windows: readonly SlotWindow[],
  nowMs: number,
  isoDate: string,
  timeZone: string,
): NowAndNext {
  const none: NowAndNext = { open: 0, now: null, next: null, changesAt: null };
  if (windows.length === 0) return none;
  const last = windows[windows.length - 1]!;
  if (nowMs >= last.end) return none;
  // Before the day: nothing is marked until the day starts (midnight in the festival's zone).
  const dayStarts = zonedInstant(isoDate, '00:00', timeZone);
  if (nowMs < dayStarts) return { ...none, changesAt: dayStarts };
  const playing = windows.findIndex((w) => nowMs >= w.start && nowMs < w.end);
  if (playing >= 0) {
    const following = playing + 1 < windows.length ? playing + 1 : null;
    return { open: playing, now: playing, next: following, changesAt: windows[playing]!.end };
  }
  const coming = windows.findIndex((w) => nowMs < w.start);
  return { open: coming, now: null, next: coming, changesAt: windows[coming]!.start };
}

/** The zone's wall-clock time ('HH:MM', 24-hour) at an instant: `scheduleClock` writes it as '2:05pm'. */
export function zonedTime(instant: number, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(11, 16);
}
