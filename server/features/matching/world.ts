import type { Queryable } from '../../db/schema.js';
import type { Db } from '../../db/connection.js';
import { readSettings } from '../festival/settings.js';
import { FitWorld, type FitAct, type FitFestival, type FitVenue } from './fit.js';

/** Every venue and act as the fit model reads them, with the sets their slots hold now. */
export async function loadFitData(q: Queryable): Promise<{ venues: FitVenue[]; acts: FitAct[] }> {
  const [venueRows, genreRows, slotRows, actRows, actSlotRows] = await Promise.all([
    q
      .selectFrom('venues')
      .select([
        'id',
        'creator_id',
        'address',
        'size_pref',
        'provide_electric',
        'provide_sound_system',
        'rain_date_available',
        'latitude',
        'longitude',
        'hidden_at',
      ])
      .orderBy('id')
      .execute(),
    q.selectFrom('venue_genres').select(['venue_id', 'genre']).execute(),
    q.selectFrom('venue_slots').select(['venue_id', 'slot_def', 'scheduled_act_id']).execute(),
    q
      .selectFrom('acts')
      .select([
        'id',
        'creator_id',
        'name',
        'type',
        'size',
        'sound_system',
        'rain_date_available',
        'venue_pref',
        'hidden_at',
      ])
      .orderBy('id')
      .execute(),
    q.selectFrom('act_slots').select(['act_id', 'slot_def']).execute(),
  ]);
  const genres = group(
    genreRows,
    (r) => r.venue_id,
    (r) => r.genre,
  );
  const slots = group(
    slotRows,
    (r) => r.venue_id,
    (r) => [r.slot_def, r.scheduled_act_id] as const,
  );
  const preferred = group(
    actSlotRows,
    (r) => r.act_id,
    (r) => r.slot_def,
  );
  const venues = venueRows.map((v): FitVenue => ({
    id: v.id,
    owner_id: v.creator_id,
    address: v.address,
    size_pref: v.size_pref,
    electric: v.provide_electric === 'yes',
    sound_system: v.provide_sound_system === 'yes',
    rain_ok: Boolean(v.rain_date_available),
    genres: genres.get(v.id) ?? [],
    lat: v.latitude,
    lng: v.longitude,
    hidden: v.hidden_at !== null,
    slots: new Map(slots.get(v.id) ?? []),
  }));
  const acts = actRows.map((a): FitAct => ({
    id: a.id,
    owner_id: a.creator_id,
    name: a.name,
    genre: a.type,
    size: a.size,
    sound: a.sound_system,
    rain_ok: Boolean(a.rain_date_available),
    preferred: preferred.get(a.id) ?? [],
    venue_pref: a.venue_pref,
    hidden: a.hidden_at !== null,
  }));
  return { venues, acts };
}

function group<R, K, V>(rows: readonly R[], key: (r: R) => K, value: (r: R) => V): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(value(r));
    else out.set(k, [value(r)]);
  }
  return out;
}

/**
 * The fit world of the current catalogue, kept per process and rebuilt when the catalogue's
 * version (migration 0005: every venue, slot, act and preferred-slot change bumps it) or the
 * rain-date switch changes, so a suggestion costs two one-row reads and the ranking itself.
 * Concurrent requests for a stale world share one rebuild.
 */
export class FitWorldCache {
  private current: { key: string; world: FitWorld } | null = null;
  private pending: { key: string; promise: Promise<FitWorld> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly festival: FitFestival,
  ) {}

  async get(): Promise<FitWorld> {
    const q = this.db.kysely;
    // Read before the data: the data is then at least as new as the key it is kept under.
    const [version, settings] = await Promise.all([
      q.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow(),
      readSettings(q),
    ]);
    const key = `${Number(version.version)}|${settings.rain_date_active ? 'rain' : 'fair'}`;
    if (this.current?.key === key) return this.current.world;
    if (this.pending?.key === key) return this.pending.promise;
    const promise = loadFitData(q).then(
      ({ venues, acts }) => new FitWorld(this.festival, venues, acts, settings.rain_date_active),
    );
    this.pending = { key, promise };
    try {
      const world = await promise;
      this.current = { key, world };
      return world;
    } finally {
      if (this.pending?.promise === promise) this.pending = null;
    }
  }
}

/** A side of a contact: the host of a porch, or the performer of an act. */
export type ContactSide = 'host' | 'performer';

/**
 * Every (host, performer) pair in touch through the app: a performer wrote about one of the
 * host's porches, or the host wrote about one of the performer's acts. With `only`, the pairs of
 * that one account on that side.
 */
async function contactPairs(
  q: Queryable,
  only?: { side: ContactSide; id: number },
): Promise<Array<{ host: number; performer: number | null }>> {
  // A message is about a porch or an act: the porch's owner is the host and the sender the
  // performer, or the act's owner is the performer and the sender the host. One query: each side
  // is the owner where the message is about that side's entry, else the sender.
  const rows = await q
    .selectFrom('comments')
    .leftJoin('venues', 'venues.id', 'comments.venue_id')
    .leftJoin('acts', 'acts.id', 'comments.act_id')
    .where('comments.sender_id', 'is not', null)
    .where((eb) => eb.or([eb('venues.id', 'is not', null), eb('acts.id', 'is not', null)]))
    .select((eb) => [
      eb.fn.coalesce('venues.creator_id', 'comments.sender_id').as('host'),
      eb.fn.coalesce('acts.creator_id', 'comments.sender_id').as('performer'),
    ])
    .$if(only?.side === 'host', (qb) =>
      qb.where((eb) => eb(eb.fn.coalesce('venues.creator_id', 'comments.sender_id'), '=', only!.id)),
    )
    .$if(only?.side === 'performer', (qb) =>
      qb.where((eb) => eb(eb.fn.coalesce('acts.creator_id', 'comments.sender_id'), '=', only!.id)),
    )
    .distinct()
    .execute();
  return rows.map((r) => ({ host: Number(r.host), performer: r.performer === null ? null : Number(r.performer) }));
}

/**
 * The accounts one account has been in touch with through the app: for a host, the performers;
 * for a performer, the hosts (the same pairs, seen from the act's side).
 */
export async function contactsOf(q: Queryable, side: ContactSide, accountId: number): Promise<Set<number>> {
  const pairs = await contactPairs(q, { side, id: accountId });
  return new Set(pairs.map((p) => (side === 'host' ? p.performer! : p.host)));
}

/** Every (host, performer) pair in touch, as `${host}|${performer}`, for the committee's view. */
export async function allContacts(q: Queryable): Promise<Set<string>> {
  return new Set((await contactPairs(q)).map((r) => `${r.host}|${r.performer}`));
}
