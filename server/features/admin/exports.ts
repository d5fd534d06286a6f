import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportName } from '../../../contract/admin.js';
import { VENUE_AMENITIES } from '../../../contract/choices.js';
import { Genres, SLOT_DEFS } from '../../../contract/enums.js';
import type { FestivalConfig } from '../../../contract/festival.js';
import { slotRangeLabel } from '../../../contract/festival-time.js';
import type { Db } from '../../db/connection.js';
import { filledSlotsWithOwners } from '../../db/filled-slots.js';
import { VENUE_PLACE_COLUMNS } from '../scheduling/queries.js';

/** Rows are read in batches of this many: an export of any size never holds more than one batch. */
export const EXPORT_BATCH = 500;

type Cell = string | number;

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return,
 * which some apps strip before evaluating) gets a leading apostrophe, so it shows as the text it is.
 */
export function neutralise(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

interface ExportSpec {
  header: string[];
  rows(db: Db, festival: FestivalConfig): AsyncGenerator<Cell[]>;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const genreLabel = (value: string) => (Genres.labels as Record<string, string>)[value] ?? value;

/** Walks a table by id, one batch at a time. */
async function* byId<Row extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const batch = await read(after, EXPORT_BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

const SPECS: Record<ExportName, ExportSpec> = {
  venues: {
    // The pin, each amenity and the accessibility note too, for the committee's own maps and the
    // access guide (issue 28, item 9); a venue without a pin has both coordinates empty.
    header: [
      'ID',
      'Address',
      'Owner name',
      'Owner e-mail',
      'Preferred genres',
      'Slots offered',
      'Rain date available',
      'Latitude',
      'Longitude',
      ...VENUE_AMENITIES.map((a) => a.label),
      'Accessibility note',
    ],
    async *rows(db) {
      const q = db.kysely;
      const pages = byId((after, limit) =>
        q
          .selectFrom('venues')
          .innerJoin('users', 'users.id', 'venues.creator_id')
          .select([
            'venues.id',
            'venues.address',
            'venues.rain_date_available',
            ...VENUE_PLACE_COLUMNS,
            'users.name',
            'users.email',
          ])
          .where('venues.id', '>', after)
          .orderBy('venues.id')
          .limit(limit)
          .execute(),
      );
      for await (const batch of pages) {
        const ids = batch.map((v) => v.id);
        const genres = await q
          .selectFrom('venue_genres')
          .select(['venue_id', 'genre'])
          .where('venue_id', 'in', ids)
          .execute();
        const slots = await q
          .selectFrom('venue_slots')
          .select(['venue_id', 'slot_def'])
          .where('venue_id', 'in', ids)
          .execute();
        for (const v of batch)
          yield [
            v.id,
            v.address,
            v.name,
            v.email,
            genres.flatMap((g) => (g.venue_id === v.id ? [genreLabel(g.genre)] : [])).join('; '),
            SLOT_DEFS.filter((s) => slots.some((x) => x.venue_id === v.id && x.slot_def === s)).join('; '),
            yesNo(v.rain_date_available),
            v.latitude ?? '',
            v.longitude ?? '',
            ...VENUE_AMENITIES.map((a) => yesNo(v[a.key])),
            v.accessibility_note,
          ];
      }
    },
  },
  acts: {
    header: ['ID', 'Name', 'Genre', 'Owner name', 'Owner e-mail', 'Preferred slots', 'Rain date available'],
    async *rows(db) {
      const q = db.kysely;
      const pages = byId((after, limit) =>
        q
          .selectFrom('acts')
          .innerJoin('users', 'users.id', 'acts.creator_id')
          .select([
            'acts.id',
            'acts.name',
            'acts.type',
            'acts.rain_date_available',
            'users.name as owner',
            'users.email',
          ])
          .where('acts.id', '>', after)
          .orderBy('acts.id')
          .limit(limit)
          .execute(),
      );
      for await (const batch of pages) {
        const ids = batch.map((a) => a.id);
        const slots = await q
          .selectFrom('act_slots')
          .select(['act_id', 'slot_def'])
          .where('act_id', 'in', ids)
          .execute();
        for (const a of batch)
          yield [
            a.id,
            a.name,
            genreLabel(a.type),
            a.owner,
            a.email,
            SLOT_DEFS.filter((s) => slots.some((x) => x.act_id === a.id && x.slot_def === s)).join('; '),
            yesNo(a.rain_date_available),
          ];
      }
    },
  },
  schedule: {
    header: ['Slot', 'Time', 'Venue', 'Host', 'Host e-mail', 'Act', 'Genre', 'Performer', 'Performer e-mail'],
    async *rows(db, festival) {
      const q = db.kysely;
      for (const slot of SLOT_DEFS) {
        const config = festival.slots.find((s) => s.name === slot);
        const time = config ? slotRangeLabel(config) : '';
        const pages = byId((after, limit) =>
          filledSlotsWithOwners(q)
            .select([
              'venue_slots.id',
              'venues.address',
              'host.name as host',
              'host.email as host_email',
              'acts.name as act',
              'acts.type',
              'performer.name as performer',
              'performer.email as performer_email',
            ])
            .where('venue_slots.slot_def', '=', slot)
            .where('venue_slots.id', '>', after)
            .orderBy('venue_slots.id')
            .limit(limit)
            .execute(),
        );
        for await (const batch of pages) {
          for (const s of batch)
            yield [
              slot,
              time,
              s.address,
              s.host,
              s.host_email,
              s.act,
              genreLabel(s.type),
              s.performer,
              s.performer_email,
            ];
        }
      }
    },
  },
  'mailing-list': {
    header: ['Name', 'E-mail', 'Host', 'Performer'],
    async *rows(db) {
      const pages = byId((after, limit) =>
        db.kysely
          .selectFrom('users')
          .select(['id', 'name', 'email', 'is_host', 'is_performer'])
          .where((eb) => eb.or([eb('is_host', '=', true), eb('is_performer', '=', true)]))
          .where('id', '>', after)
          .orderBy('id')
          .limit(limit)
          .execute(),
      );
      for await (const batch of pages)
        for (const u of batch) yield [u.name, u.email, yesNo(u.is_host), yesNo(u.is_performer)];
    },
  },
};

/**
 * The export as a stream of CSV text: RFC 4180 (CRLF line ends, quotes where needed, and around
 * any cell holding a ";" or a tab), UTF-8 with
 * a byte-order mark so spreadsheet apps read accents, every text cell neutralised. The stream
 * pulls rows from the database only as fast as the client reads them.
 */
export function exportCsv(db: Db, festival: FestivalConfig, name: ExportName): Readable {
  const spec = SPECS[name];
  const source = Readable.from(
    (async function* () {
      for await (const row of spec.rows(db, festival)) yield row.map(neutralise);
    })(),
    { objectMode: true, highWaterMark: 64 },
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: spec.header,
    record_delimiter: 'windows',
    quoted_string: false,
    // A cell holding a separator of either kind is quoted, not only a comma: Excel in a locale whose
    // list separator is ";" splits on ";", so a bare `x;=1+1` would give it a cell `=1+1` to run
    // (issue 27). A tab too, for the import dialogs that split on it.
    quoted_match: [';', '\t'],
  });
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
