import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SlotDef } from '../../../contract/enums.js';
import { fullAddress } from '../../../contract/places.js';
import { slotWindows } from '../../../contract/festival-time.js';
import { icalendar, setUid, type CalendarEvent } from '../../../contract/icalendar.js';
import type { Queryable } from '../../db/schema.js';
import { publicFilledSlots } from '../../db/filled-slots.js';
import type { Deps } from '../../deps.js';
import { matchesIfNoneMatch } from '../../lib/conditional.js';

type CalendarDeps = Pick<Deps, 'festival' | 'publicUrl'>;

/** A set: an act scheduled in a venue's slot. */
interface SetRow {
  venue_id: number;
  address: string;
  latitude: number | null;
  longitude: number | null;
  slot_def: SlotDef;
  act_id: number;
  act_name: string;
}

/** Every scheduled set, or one act's: one query. With `rain`, only the sets the rain date keeps. */
export function loadSets(q: Queryable, rain: boolean, actId?: number): Promise<SetRow[]> {
  return publicFilledSlots(q, rain)
    .select([
      'venues.id as venue_id',
      'venues.address',
      'venues.latitude',
      'venues.longitude',
      'venue_slots.slot_def',
      'acts.id as act_id',
      'acts.name as act_name',
    ])
    .$if(actId !== undefined, (qb) => qb.where('acts.id', '=', actId!))
    .orderBy('venue_slots.slot_def')
    .orderBy('venues.address')
    .orderBy('venues.id')
    .execute();
}

/**
 * The sets as calendar events: start and end from the configuration's slot times on the festival
 * day in force (`day`: the rain date while the committee's switch is on), in the festival's zone (contract/festival-time.ts), written as UTC instants; the UID names
 * the venue and slot (a slot holds one act), so a re-imported file updates the same events.
 */
export function setEvents(deps: CalendarDeps, rows: readonly SetRow[], day: string): CalendarEvent[] {
  const windows = new Map(slotWindows(deps.festival, day).map((w) => [w.name, w]));
  const host = new URL(deps.publicUrl).host;
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    const window = windows.get(row.slot_def);
    if (!window) continue;
    events.push({
      uid: setUid(row.venue_id, window.index + 1, host),
      start: window.start,
      end: window.end,
      summary: row.act_name,
      // The full address with the festival's town, and the pin when the porch has one, so the
      // calendar's map finds the porch itself (issue 28, item 5).
      location: fullAddress(deps.festival.town, row.address),
      ...(row.latitude != null && row.longitude != null
        ? { geo: { latitude: row.latitude, longitude: row.longitude } }
        : {}),
      url: `${deps.publicUrl}/acts/${row.act_id}`,
    });
  }
  return events;
}

export interface CalendarFile {
  body: string;
  /** A hash of the events, not of DTSTAMP: the ETag changes only when the sets do. */
  hash: string;
}

/** A calendar file for these sets on the festival day `day`, stamped `now`. */
export function calendarFile(
  deps: CalendarDeps,
  name: string,
  rows: readonly SetRow[],
  day: string,
  now: Date,
): CalendarFile {
  const events = setEvents(deps, rows, day);
  const hash = createHash('sha256')
    .update(JSON.stringify([name, deps.festival.timezone, events]))
    .digest('base64url')
    .slice(0, 27);
  const body = icalendar(events, { name, timeZone: deps.festival.timezone, now: now.getTime() });
  return { body, hash };
}

/**
 * Sends a calendar file as text/calendar, as a download named `filename`, cacheable like the
 * schedule: public, revalidated each time, a 304 for an If-None-Match that still matches.
 */
export function sendCalendar(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CalendarFile,
  filename: string,
): FastifyReply {
  reply
    .header('etag', `"${file.hash}"`)
    .header('cache-control', 'public, no-cache')
    .header('content-disposition', `attachment; filename="${filename}"`);
  if (matchesIfNoneMatch(request.headers['if-none-match'], file.hash)) return reply.code(304).send();
  return reply.type('text/calendar; charset=utf-8').send(Buffer.from(file.body));
}
