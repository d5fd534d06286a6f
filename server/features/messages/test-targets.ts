import type { FastifyInstance } from 'fastify';

/**
 * Test data for the messages tests: a venue or an act inserted straight into the database, so
 * these tests depend on the venues and acts tables only, not on those features' routes.
 */
export async function insertVenue(app: FastifyInstance, ownerId: number, address = '12 Maple Street'): Promise<number> {
  const now = app.deps.clock.now();
  const row = await app.deps.db.kysely
    .insertInto('venues')
    .values({
      creator_id: ownerId,
      address,
      address_url: `https://maps.example.test/?q=${encodeURIComponent(address)}`,
      size_pref: 'any',
      provide_electric: 'yes',
      provide_sound_system: 'no',
      rain_date_available: true,
      created_at: now,
      updated_at: now,
      search_text: address.toLowerCase(),
      bio: '<p>A wide porch.</p>',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAct(app: FastifyInstance, ownerId: number, name = 'The Porch Lights'): Promise<number> {
  const now = app.deps.clock.now();
  const row = await app.deps.db.kysely
    .insertInto('acts')
    .values({
      creator_id: ownerId,
      name,
      type: 'folk',
      size: 'one_to_three',
      venue_pref: null,
      sound_system: 'bring_own',
      rain_date_available: false,
      created_at: now,
      updated_at: now,
      search_text: name.toLowerCase(),
      bio: '<p>Songs for a summer afternoon.</p>',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
