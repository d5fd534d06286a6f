import { describe, expect, it } from 'vitest';
import { scheduleClock, scheduleColumns, scheduleSlotTime } from './schedule-times';

describe('scheduleClock', () => {
  it.each([
    ['12:00', '12pm'],
    ['00:00', '12am'],
    ['12:30', '12:30pm'],
    ['13:00', '1:00pm'],
    ['13:30', '1:30pm'],
    ['09:05', '9:05am'],
    ['00:15', '12:15am'],
    ['23:59', '11:59pm'],
  ])('%s is written %s', (time, expected) => {
    expect(scheduleClock(time)).toBe(expected);
  });
});

describe('the schedule’s slot columns', () => {
  it('reads the spec’s four titles from the configured times', () => {
    const festival = {
      slots: [
        { name: 'Slot 1', start: '12:00', end: '13:00', setup: '11:30' },
        { name: 'Slot 2', start: '13:30', end: '14:30', setup: '13:00' },
        { name: 'Slot 3', start: '15:00', end: '16:00', setup: '14:30' },
        { name: 'Slot 4', start: '16:30', end: '17:30', setup: '16:00' },
      ],
    };
    expect(scheduleColumns(festival)).toEqual([
      { key: 'slot_1', slot: 'Slot 1', title: '12pm-1:00pm' },
      { key: 'slot_2', slot: 'Slot 2', title: '1:30pm-2:30pm' },
      { key: 'slot_3', slot: 'Slot 3', title: '3:00pm-4:00pm' },
      { key: 'slot_4', slot: 'Slot 4', title: '4:30pm-5:30pm' },
    ]);
  });

  it('follows another edition’s times', () => {
    expect(scheduleSlotTime({ start: '10:45', end: '12:00' })).toBe('10:45am-12pm');
  });
});
