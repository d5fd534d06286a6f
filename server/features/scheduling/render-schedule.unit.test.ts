import { describe, expect, it } from 'vitest';
import { NO_PIN_OR_AMENITIES } from '../../test/venue-fields.js';
import type { ScheduledCellRow } from './queries.js';
import { buildSchedule, DESCRIPTION_MAX_CHARS, plainDescription } from './render-schedule.js';

const cell = (over: Partial<ScheduledCellRow>): ScheduledCellRow => ({
  venue_id: 1,
  address: '1 A Street',
  address_url: 'https://maps.test/?q=1',
  ...NO_PIN_OR_AMENITIES,
  slot_def: 'Slot 1',
  act_id: 1,
  act_name: 'Act',
  act_bio: '<p>Bio</p>',
  act_type: 'folk',
  ...over,
});

describe('plainDescription', () => {
  it('keeps the text a reader sees, with paragraphs as lines', () => {
    expect(
      plainDescription('<p>One &amp; <strong>two</strong></p><p><br></p><p><br></p><p><br></p><p>Three &lt;3</p>'),
    ).toBe('One & two\n\nThree <3');
    expect(plainDescription('<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol>')).toBe('a\nb');
    expect(plainDescription('<p><img src="/v1/media/abc"></p><p>Only text</p>')).toBe('Only text');
  });
});

describe('buildSchedule', () => {
  it('groups cells by venue into slot columns, orders by address (numbers as numbers), ties by id', () => {
    const { data } = buildSchedule([
      cell({ venue_id: 3, address: '100 Oak Ave', slot_def: 'Slot 4', act_id: 30 }),
      cell({ venue_id: 2, address: '20 Oak Ave', slot_def: 'Slot 1', act_id: 20 }),
      cell({ venue_id: 2, address: '20 Oak Ave', slot_def: 'Slot 3', act_id: 21 }),
      cell({ venue_id: 5, address: '20 oak ave', slot_def: 'Slot 2', act_id: 50 }),
    ]);
    expect(data.map((e) => e.id)).toEqual([2, 5, 3]);
    expect([data[0]!.slot_1?.act_id, data[0]!.slot_2, data[0]!.slot_3?.act_id, data[0]!.slot_4]).toEqual([
      20,
      null,
      21,
      null,
    ]);
    expect(data[2]!.slot_4?.act_id).toBe(30);
  });
});

describe('a long description', () => {
  it('is cut at a word, before the limit, and ends with an ellipsis', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const text = plainDescription(`<p>${words}</p>`);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS + 1);
    expect(text.length).toBeGreaterThan(DESCRIPTION_MAX_CHARS * 0.8);
    expect(text.endsWith('…')).toBe(true);
    expect(words.startsWith(text.slice(0, -1))).toBe(true);
    expect(words[text.length - 1]).toBe(' ');
  });

  it('is kept whole up to the limit', () => {
    const exact = 'x'.repeat(DESCRIPTION_MAX_CHARS);
    expect(plainDescription(`<p>${exact}</p>`)).toBe(exact);
  });
});
