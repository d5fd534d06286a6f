import { describe, expect, it, vi } from 'vitest';
import {
  buildZoneTable,
  clockWithMinutes,
  isZonedDate,
  scheduleClock,
  longDate,
  nowAndNext,
  registerZoneTable,
  slotLabelWithZone,
  slotWindows,
  zoneAbbreviation,
  zonedDate,
  zonedInstant,
  zonedTime,
} from './festival-time.js';

const festival = {
  timezone: 'America/New_York',
  slots: [
    { name: 'Slot 1', start: '12:00', end: '13:00', setup: '11:30' },
    { name: 'Slot 2', start: '13:30', end: '14:30', setup: '13:00' },
    { name: 'Slot 3', start: '15:00', end: '16:00', setup: '14:30' },
    { name: 'Slot 4', start: '16:30', end: '17:30', setup: '16:00' },
  ],
};
const day = '2025-06-14';
const at = (time: string, date = day) => zonedInstant(date, time, festival.timezone);

describe('festival time', () => {
  // docs/behaviour.md#clock-times: the schedule's form, and the opening hours' form with minutes.
  it.each([
    ['12:00', '12pm', '12:00pm'],
    ['13:00', '1:00pm', '1:00pm'],
    ['13:30', '1:30pm', '1:30pm'],
    ['00:00', '12am', '12:00am'],
    ['09:05', '9:05am', '9:05am'],
  ])('writes %s as %s on the schedule and %s with its minutes', (time, schedule, withMinutes) => {
    expect(scheduleClock(time)).toBe(schedule);
    expect(clockWithMinutes(time)).toBe(withMinutes);
  });

  it('reads wall-clock times in the festival zone, whatever the process zone', () => {
    expect(new Date(at('14:00')).toISOString()).toBe('2025-06-14T18:00:00.000Z');
    expect(new Date(zonedInstant('2025-01-14', '14:00', 'America/New_York')).toISOString()).toBe(
      '2025-01-14T19:00:00.000Z',
    );
    expect(new Date(zonedInstant('2025-06-14', '14:00', 'Asia/Kolkata')).toISOString()).toBe(
      '2025-06-14T08:30:00.000Z',
    );
    // The day the clocks go forward: 03:30 exists, and is 07:30 UTC.
    expect(new Date(zonedInstant('2025-03-09', '03:30', 'America/New_York')).toISOString()).toBe(
      '2025-03-09T07:30:00.000Z',
    );
    expect(zonedDate(Date.parse('2025-06-15T02:00:00Z'), festival.timezone)).toBe('2025-06-14');
  });

  it('names the zone and labels slots with it', () => {
    expect(zoneAbbreviation('America/New_York', day)).toBe('EDT');
    expect(zoneAbbreviation('America/New_York', '2025-12-14')).toBe('EST');
    expect(slotLabelWithZone(festival, day, 'Slot 2')).toBe('1:30pm-2:30pm EDT');
    expect(longDate(day)).toBe('Saturday, June 14, 2025');
  });

  it('opens at the slot playing now, the next one between slots, the first one off the day', () => {
    const windows = slotWindows(festival, day);
    const ask = (instant: number) => nowAndNext(windows, instant, day, festival.timezone);
    expect(ask(at('14:00'))).toEqual({ open: 1, now: 1, next: 2, changesAt: at('14:30') });
    expect(ask(at('14:45'))).toEqual({ open: 2, now: null, next: 2, changesAt: at('15:00') });
    expect(ask(at('09:00'))).toEqual({ open: 0, now: null, next: 0, changesAt: at('12:00') });
    expect(ask(at('17:00'))).toEqual({ open: 3, now: 3, next: null, changesAt: at('17:30') });
    expect(ask(at('17:30'))).toEqual({ open: 0, now: null, next: null, changesAt: null });
    expect(ask(at('14:00', '2025-06-13'))).toEqual({ open: 0, now: null, next: null, changesAt: at('00:00') });
    expect(ask(at('14:00', '2025-06-20'))).toEqual({ open: 0, now: null, next: null, changesAt: null });
  });

  it("reads an instant's wall-clock time in the festival's zone, not the device's", () => {
    // 18:05 UTC on June 14 is 2:05pm in New York (EDT) and 7:05pm in London (BST).
    const instant = Date.UTC(2025, 5, 14, 18, 5);
    expect(scheduleClock(zonedTime(instant, 'America/New_York'))).toBe('2:05pm');
    expect(zonedTime(instant, 'Europe/London')).toBe('19:05');
    expect(zonedTime(at('00:30'), festival.timezone)).toBe('00:30');
  });
});

describe('whether an instant is on a date in a zone', () => {
  // The zones at both ends of the world's clocks, and two with changes of offset near the date.
  const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];

  it.each(zones)("%s: agrees with the zone's calendar every 20 minutes from two days before to two after", (zone) => {
    const date = '2025-04-06';
    const from = Date.parse('2025-04-04T00:00:00Z');
    let onTheDate = 0;
    for (let instant = from; instant < from + 5 * 86_400_000; instant += 20 * 60_000) {
      const expected = zonedDate(instant, zone) === date;
      expect(isZonedDate(instant, date, zone), new Date(instant).toISOString()).toBe(expected);
      if (expected) onTheDate++;
    }
    // A whole day of 20-minute steps (72), or a day an hour or half an hour shorter or longer.
    expect(onTheDate).toBeGreaterThanOrEqual(69);
    expect(onTheDate).toBeLessThanOrEqual(75);
  });

  it('answers for an instant weeks away without building an Intl formatter', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(isZonedDate(Date.parse('2026-11-27T12:00:00Z'), '2025-06-14', 'America/Denver')).toBe(false);
      expect(isZonedDate(Date.parse('2025-06-12T09:00:00Z'), '2025-06-14', 'America/Denver')).toBe(false);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});

describe("the server's zone table", () => {
  // Zones with a change of offset on or next to the dates: New York's spring change (2 am), Lord
  // Howe's half-hour one, London's autumn one, and Kolkata, which has none.
  const cases: [string, string][] = [
    ['America/New_York', '2025-03-09'],
    ['Australia/Lord_Howe', '2025-04-06'],
    ['Europe/London', '2025-10-26'],
    ['Asia/Kolkata', '2025-06-14'],
  ];

  it.each(cases)('%s around %s reads the same times, dates and names as Intl', (zone, date) => {
    const times = ['00:00', '01:59', '02:00', '02:30', '03:00', '12:00', '13:30', '23:59'];
    const instants = [0, 1].flatMap((dayAfter) =>
      times.map((time) => zonedInstant(date, time, zone) + dayAfter * 86_400_000 + 17_000),
    );
    const read = () => ({
      instants: times.map((time) => zonedInstant(date, time, zone)),
      dates: instants.map((i) => zonedDate(i, zone)),
      clocks: instants.map((i) => zonedTime(i, zone)),
      name: zoneAbbreviation(zone, '2025-06-14'),
    });
    const byIntl = read();
    const table = buildZoneTable(zone, [date]);
    expect(table.spans.length).toBeGreaterThan(0);
    registerZoneTable(table);
    // The names are cached per zone and date: only a fresh date shows where the name comes from.
    expect({ ...read(), name: byIntl.name }).toEqual(byIntl);
  });

  it('finds a change of offset to the minute, with the names either side', () => {
    const table = buildZoneTable('America/New_York', ['2025-03-09']);
    const change = table.spans.find((s) => s.offset_minutes === -240);
    expect(new Date(change!.from).toISOString()).toBe('2025-03-09T07:00:00.000Z');
    expect(table.spans.map((s) => s.abbreviation)).toEqual(['EST', 'EDT']);
  });

  it('answers without building an Intl formatter where it covers the instant', () => {
    const zone = 'America/Los_Angeles';
    registerZoneTable(buildZoneTable(zone, ['2025-12-06']));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(longDate('2025-12-06')).toBe('Saturday, December 6, 2025');
      expect(zoneAbbreviation(zone, '2025-12-06')).toBe('PST');
      expect(new Date(zonedInstant('2025-12-06', '14:00', zone)).toISOString()).toBe('2025-12-06T22:00:00.000Z');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
