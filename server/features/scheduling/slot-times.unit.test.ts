import { describe, expect, it } from 'vitest';
import { loadFestivalConfig } from '../festival/load.js';
import { clock12, longDate, slotLabel, slotTime } from './slot-times.js';

const festival = loadFestivalConfig('festival.config.json');

describe('slot times for the e-mails', () => {
  it.each([
    ['00:05', '12:05am'],
    ['09:00', '9:00am'],
    ['12:00', '12:00pm'],
    ['13:30', '1:30pm'],
    ['23:59', '11:59pm'],
  ])('%s reads as %s', (time, expected) => {
    expect(clock12(time)).toBe(expected);
  });

  it('writes the festival day in full', () => {
    expect(longDate('2025-06-14')).toBe('Saturday June 14, 2025');
    expect(longDate('2025-06-15')).toBe('Sunday June 15, 2025');
  });

  it('gives each slot its time and set-up from the configuration (spec 9)', () => {
    expect(festival.slots.map((s) => slotTime(festival, s.name as 'Slot 1'))).toEqual([
      { slot: 'Slot 1', time: '12:00pm-1:00pm', setup: '11:30am', date: 'Saturday June 14, 2025' },
      { slot: 'Slot 2', time: '1:30pm-2:30pm', setup: '1:00pm', date: 'Saturday June 14, 2025' },
      { slot: 'Slot 3', time: '3:00pm-4:00pm', setup: '2:30pm', date: 'Saturday June 14, 2025' },
      { slot: 'Slot 4', time: '4:30pm-5:30pm', setup: '4:00pm', date: 'Saturday June 14, 2025' },
    ]);
    expect(slotLabel(festival, 'Slot 2')).toBe('Slot 2 (1:30pm-2:30pm)');
  });
});
