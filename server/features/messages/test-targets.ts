import type { FastifyInstance } from 'fastify';
import type { InsertObject, Insertable } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Test data for the messages tests: a venue or an act inserted straight into the database, so
 * these tests depend on the venues and acts tables only, not on those features' routes.
 */
export function insertVenue(app: FastifyInstance, ownerId: number, address = '12 Maple Street'): Promise<number> {
  return insertNow(app, 'venues', {
    creator_id: ownerId,
    address,
    address_url: `https://maps.example.test/?q=${encodeURIComponent(address)}`,
    size_pref: 'any',
    provide_electric: 'yes',
    provide_sound_system: 'no',
    rain_date_available: true,
    search_text: address.toLowerCase(),
    bio: '<p>A wide porch.</p>',
  });
}

export function insertAct(app: FastifyInstance, ownerId: number, name = 'The Porch Lights'): Promise<number> {
  return insertNow(app, 'acts', {
    creator_id: ownerId,
    name,
    type: 'folk',
    size: 'one_to_three',
    venue_pref: null,
    sound_system: 'bring_own',
    rain_date_available: false,
    search_text: name.toLowerCase(),
    bio: '<p>Songs for a summer afternoon.</p>',
  });
}

/** Inserts one row made and last changed at the app clock's now, and returns its id. */
async function insertNow<Table extends 'venues' | 'acts'>(
  app: FastifyInstance,
  table: Table,
  values: Omit<Insertable<Database[Table]>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const now = app.deps.clock.now();
  // Kysely cannot see that a generic table's row with its two times added is a row of that table;
  // `values`' own type checks each caller's row against its table.
  const row = await app.deps.db.kysely
    .insertInto(table)
    .values({ ...values, created_at: now, updated_at: now } as InsertObject<Database, Table>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
