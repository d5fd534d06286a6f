import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalendar, setUid, utcDateTime } from './icalendar.js';
import { zonedInstant } from './festival-time.js';

const zone = 'America/New_York';
const start = zonedInstant('2025-06-14', '13:30', zone);
const end = zonedInstant('2025-06-14', '14:30', zone);
const file = icalendar(
  [
    {
      uid: setUid(12, 2, 'porchfest.example.org'),
      start,
      end,
      summary: 'The Porch Rats; live, loud',
      location: '27 Church Street, Ithaca',
      url: 'https://porchfest.example.org/acts/40',
      description: `Bluegrass from the Finger Lakes.\nÉté à la façade — ${'ünïcödé '.repeat(20)}`,
    },
  ],
  { name: 'Porchfest 2025: my day', timeZone: zone, now: Date.UTC(2025, 5, 1, 9, 0, 0) },
);

describe('iCalendar writer', () => {
  it('writes CRLF lines of at most 75 octets, each continuation starting with a space', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    const lines = file.slice(0, -2).split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('parses with a maintained parser into the same instants, text and identifiers', () => {
    const calendar = new ICAL.Component(ICAL.parse(file));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('set-12-2@porchfest.example.org');
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(end);
    // 1:30pm in New York in June is 17:30 UTC.
    expect(new Date(start).toISOString()).toBe('2025-06-14T17:30:00.000Z');
    expect(event.summary).toBe('The Porch Rats; live, loud');
    expect(event.location).toBe('27 Church Street, Ithaca');
    expect(event.description).toBe(`Bluegrass from the Finger Lakes.\nÉté à la façade — ${'ünïcödé '.repeat(20)}`);
    expect(vevent?.getFirstPropertyValue('url')).toBe('https://porchfest.example.org/acts/40');
    expect(vevent?.getFirstPropertyValue('dtstamp')?.toString()).toBe('2025-06-01T09:00:00Z');
  });

  it('escapes TEXT and folds without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
    expect(utcDateTime(Date.UTC(2025, 5, 14, 17, 30))).toBe('20250614T173000Z');
  });

  it('writes an empty calendar when there is no set', () => {
    const empty = new ICAL.Component(ICAL.parse(icalendar([], { name: 'x', timeZone: zone, now: 0 })));
    expect(empty.getAllSubcomponents('vevent')).toHaveLength(0);
  });
});
