/**
 * An iCalendar (RFC 5545) writer for the festival's sets: one for the server's calendar
 * endpoints and the web app's "My day" file built on the device. Times are written as UTC
 * instants (`DTSTART:20250614T173000Z`), which every calendar reads the same way whatever its
 * own zone, so no VTIMEZONE with daylight-saving rules has to be derived here; the festival's
 * zone is named in `X-WR-TIMEZONE` for calendars that show it (docs/decisions/0015-festival-day.md).
 */

/** One set: an act playing at a venue in a slot. */
export interface CalendarEvent {
  /** Stable per set, so a calendar that imports the file twice updates instead of duplicating. */
  uid: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  summary: string;
  location?: string;
  /** Where the set is, when the porch has a pin: written as GEO, which calendars turn into a map. */
  geo?: { latitude: number; longitude: number };
  url?: string;
  description?: string;
}

export interface CalendarOptions {
  /** The calendar's name, shown by calendars that support `X-WR-CALNAME`. */
  name: string;
  /** The festival's IANA zone, such as 'America/New_York'. */
  timeZone: string;
  /** When the file is made (DTSTAMP), epoch milliseconds. */
  now: number;
  /** PRODID: who made the file. */
  productId?: string;
}

/** The UID of a set: a venue's slot is played by one act, so venue and slot name the set. */
export function setUid(venueId: number, slotNumber: number, host: string): string {
  return `set-${venueId}-${slotNumber}@${host}`;
}

/** An instant as a UTC date-time: 20250614T173000Z. */
export function utcDateTime(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon and comma, and write line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Content lines are at most 75 octets; longer ones continue on lines that start with a space.
 * The cut never splits a UTF-8 sequence (a multi-byte character stays whole on one line).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // A continuation line's leading space counts toward its 75 octets.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A whole VCALENDAR, CRLF line endings, ready to be served or downloaded as text/calendar. */
export function icalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId ?? '-//Porchfest//Festival schedule//EN'}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
  ];
  const stamp = utcDateTime(options.now);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(event.start)}`,
      `DTEND:${utcDateTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    // GEO is two FLOATs, latitude first, separated by a semicolon (RFC 5545, 3.8.1.6).
    if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    // URL is a URI value, not TEXT: it is written as it is.
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
