import type { ScheduleCell, ScheduleEntry, ScheduleResponse } from '../../../contract/schedule.js';
import { measureRichText } from '../../lib/rich-text.js';
import type { ScheduledCellRow } from './queries.js';

const SLOT_KEYS = { 'Slot 1': 'slot_1', 'Slot 2': 'slot_2', 'Slot 3': 'slot_3', 'Slot 4': 'slot_4' } as const;

// Addresses in the order a reader expects, the same on both engines (their collations differ):
// case and accents ignored, house numbers as numbers ('9 Elm St' before '10 Elm St').
const byAddress = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * At most this many characters of a description: the page clamps it to 10 lines, which hold
 * about 400 characters in a schedule column and 500 on a phone's card, so the rest would never
 * show; the full bio is on the act's page. It halves the busiest response (bench/schedule.ts).
 */
export const DESCRIPTION_MAX_CHARS = 600;

/**
 * The bio as plain text (docs/decisions/0007-public-schedule.md): the schedule clamps it to 10
 * lines, so formatting and images would be cut anyway; text is smaller on the busiest response
 * and the page shows it as text, with nothing to sanitize. Paragraphs stay as line breaks; a
 * long text is cut at a word and ends with an ellipsis.
 */
export function plainDescription(bioHtml: string): string {
  const text = measureRichText(bioHtml)
    .text.split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  if (text.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_CHARS);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > DESCRIPTION_MAX_CHARS * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * One schedule entry per venue with a scheduled act, ordered by address
 * (docs/behaviour.md#entities).
 */
export function buildSchedule(rows: readonly ScheduledCellRow[]): ScheduleResponse {
  const venues = new Map<number, ScheduleEntry>();
  for (const row of rows) {
    const key = SLOT_KEYS[row.slot_def];
    if (!key) continue;
    let entry = venues.get(row.venue_id);
    if (!entry) {
      entry = {
        id: row.venue_id,
        address: row.address,
        address_url: row.address_url,
        latitude: row.latitude,
        longitude: row.longitude,
        step_free: row.step_free,
        seating: row.seating,
        shade: row.shade,
        restroom_nearby: row.restroom_nearby,
        accessibility_note: row.accessibility_note,
        slot_1: null,
        slot_2: null,
        slot_3: null,
        slot_4: null,
      };
      venues.set(row.venue_id, entry);
    }
    const cell: ScheduleCell = {
      act_id: row.act_id,
      act_name: row.act_name,
      act_description: plainDescription(row.act_bio),
      act_genre: row.act_type,
    };
    entry[key] = cell;
  }
  const data = [...venues.values()].sort((a, b) => byAddress.compare(a.address, b.address) || a.id - b.id);
  return { data };
}
