import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendarDateProblem, FestivalConfigSchema, isIanaTimeZone } from '../../../contract/festival.js';

// Issue 27, item 9: a configuration that cannot be is refused, naming the field.

const shipped = () =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', '..', 'festival.config.json'), 'utf8')) as Record<
    string,
    unknown
  > & {
    slots: { name: string; start: string; end: string; setup: string }[];
    event: { date: string; start: string; end: string };
  };

/** Each problem of the edited configuration as "path: message". */
function problems(edit: (config: ReturnType<typeof shipped>) => void): string[] {
  const config = shipped();
  edit(config);
  const result = FestivalConfigSchema.safeParse(config);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('calendarDateProblem', () => {
  it('accepts real dates, leap days included', () => {
    for (const date of ['2025-06-14', '2024-02-29', '2000-02-29', '2025-12-31', '2025-01-01'])
      expect(calendarDateProblem(date), date).toBeNull();
  });

  it('names what is wrong with a date the calendar does not have', () => {
    expect(calendarDateProblem('2025-02-30')).toBe('2025-02-30 is not a date: February 2025 has 28 days');
    expect(calendarDateProblem('2025-02-29')).toBe('2025-02-29 is not a date: February 2025 has 28 days');
    expect(calendarDateProblem('1900-02-29')).toBe('1900-02-29 is not a date: February 1900 has 28 days');
    expect(calendarDateProblem('2025-04-31')).toBe('2025-04-31 is not a date: April 2025 has 30 days');
    expect(calendarDateProblem('2025-06-00')).toBe('2025-06-00 is not a date: June 2025 has 30 days');
    expect(calendarDateProblem('2025-13-01')).toBe('2025-13-01 is not a date: there is no month 13');
    expect(calendarDateProblem('2025-00-10')).toBe('2025-00-10 is not a date: there is no month 0');
  });
});

describe('isIanaTimeZone', () => {
  it('accepts IANA zones and refuses offsets, abbreviations and made-up names', () => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5'])
      expect(isIanaTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus_Mons', 'America/Springfield', '+02:00', 'EST5EDT ', '', 'New York'])
      expect(isIanaTimeZone(zone), zone).toBe(false);
  });
});

describe('FestivalConfigSchema', () => {
  it('accepts the shipped festival.config.json', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('refuses a date the calendar does not have, wherever it is', () => {
    expect(problems((c) => (c.event.date = '2025-02-30'))).toEqual([
      'event.date: 2025-02-30 is not a date: February 2025 has 28 days',
    ]);
    expect(problems((c) => ((c.rain_date as { date: string }).date = '2025-06-31'))).toEqual([
      'rain_date.date: 2025-06-31 is not a date: June 2025 has 30 days',
    ]);
    expect(problems((c) => ((c.key_dates as { date: string }[])[1]!.date = '2025-13-01'))).toEqual([
      'key_dates.1.date: 2025-13-01 is not a date: there is no month 13',
    ]);
    expect(problems((c) => ((c.schedule_release as { date: string }).date = '2025-04-31'))).toEqual([
      'schedule_release.date: 2025-04-31 is not a date: April 2025 has 30 days',
    ]);
  });

  it('refuses a time zone that is not an IANA one', () => {
    expect(problems((c) => (c.timezone = 'Mars/Olympus_Mons'))).toEqual([
      'timezone: "Mars/Olympus_Mons" is not an IANA time zone such as America/New_York',
    ]);
    expect(problems((c) => (c.timezone = '+02:00'))).toHaveLength(1);
  });

  it('refuses a slot that ends before it starts, or is set up after it starts', () => {
    expect(problems((c) => Object.assign(c.slots[1]!, { start: '14:30', end: '13:30', setup: '13:00' }))).toContain(
      'slots.1.end: end must be after start',
    );
    expect(problems((c) => Object.assign(c.slots[2]!, { setup: '15:15' }))).toEqual([
      'slots.2.setup: setup must be at or before start',
    ]);
    // Setting up before the event opens is fine (the shipped Slot 1 sets up at 11:30 for 12:00).
    expect(problems((c) => Object.assign(c.slots[0]!, { setup: '10:00' }))).toEqual([]);
  });

  it('refuses slots out of order or overlapping, and accepts back-to-back ones', () => {
    expect(problems((c) => Object.assign(c.slots[1]!, { start: '12:30', end: '13:30', setup: '12:00' }))).toEqual([
      'slots.1.start: Slot 2 starts at 12:30, before Slot 1 ends (13:00): slots must be in order and not overlap',
    ]);
    expect(problems((c) => c.slots.reverse())).toContain(
      'slots.1.start: Slot 3 starts at 15:00, before Slot 4 ends (17:30): slots must be in order and not overlap',
    );
    expect(problems((c) => Object.assign(c.slots[1]!, { start: '13:00', end: '14:30', setup: '12:45' }))).toEqual([]);
  });

  it('refuses a slot outside the event’s hours', () => {
    expect(problems((c) => (c.event.end = '17:00'))).toEqual([
      "slots.3: Slot 4 (16:30-17:30) must be within the event's hours (12:00-17:00)",
    ]);
    expect(problems((c) => (c.event.start = '12:30'))).toEqual([
      "slots.0: Slot 1 (12:00-13:00) must be within the event's hours (12:30-17:30)",
    ]);
  });
});
