import { describe, expect, it } from 'vitest';
import { loadFestivalConfig } from '../festival/load.js';
import { slotLabel, slotTime } from './slot-times.js';

const festival = loadFestivalConfig('festival.config.json');

describe('slot times for the e-mails', () => {
  it('gives each slot its clock times with the zone, set-up and day from the configuration', () => {
    expect(festival.slots.map((s) => slotTime(festival, s.name as 'Slot 1'))).toEqual([
      { slot: 'Slot 1', time: '12pm-1:00pm EDT', setup: '11:30am', date: 'Saturday, June 14, 2025' },
      { slot: 'Slot 2', time: '1:30pm-2:30pm EDT', setup: '1:00pm', date: 'Saturday, June 14, 2025' },
      { slot: 'Slot 3', time: '3:00pm-4:00pm EDT', setup: '2:30pm', date: 'Saturday, June 14, 2025' },
      { slot: 'Slot 4', time: '4:30pm-5:30pm EDT', setup: '4:00pm', date: 'Saturday, June 14, 2025' },
    ]);
    expect(slotLabel(festival, 'Slot 2')).toBe('Slot 2 (1:30pm-2:30pm EDT)');
  });

  it('reads the zone from the configuration, not the machine', () => {
    const pacific = { ...festival, timezone: 'America/Los_Angeles' };
    expect(slotTime(pacific, 'Slot 2').time).toBe('1:30pm-2:30pm PDT');
  });
});
