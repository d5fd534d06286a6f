/**
 * Seeds a generated festival (bench/support/festival-generator.ts) into a running app through its
 * HTTP API, as hosts and performers would fill it in: every account signs up, hosts add their
 * porches (POST /v1/venues, pins included), performers their acts (POST /v1/acts), and, given a
 * plan, hosts put acts into their slots (PATCH /v1/venues/{id}).
 *
 *   const festival = generateFestival({ ...LARGE_FESTIVAL, center: config.map.center, bounds: config.map.bounds });
 *   const seeded = await seedGeneratedFestival(baseUrl, festival, { plan: planSets(festival) });
 *   seeded.venueIds[v], seeded.actIds[a]          // ids by the generator's indexes
 *   seeded.hosts[h].token                         // a session for the h-th host
 *
 * The server's limits shape it (server/deps.ts, defaultRateRules): sign-ups are limited to 20 per
 * client address per hour, so each batch of 15 signs up from its own loopback address
 * (127.0.0.0/8 all reaches a server on 127.0.0.1); catalogue writes to 120 per account in 10
 * minutes and slot writes to 240, far above the two porches or acts an account has here; argon2
 * makes each sign-up cost real CPU on the server, so sign-ups go two at a time. Everything else
 * goes `concurrency` requests at once. A 429 is retried after the wait the server names (up to 5 s).
 */
import { SLOT_DEFS } from '../../contract/enums.js';
import type { UpdateVenueSlotsInput } from '../../contract/venues.js';
import { inParallel, loopbackClient, type LoopbackClient } from '../../test/support/loopback-client.js';
import type { GeneratedAccount, GeneratedFestival, PlannedSet } from './festival-generator.js';

/** Every seeded account's password (strong by the spec's rule). */
export const GENERATED_PASSWORD = 'Porch-Match-2025!';

export interface SeededAccount extends GeneratedAccount {
  id: number;
  /** The session from sign-up: `authorization: Bearer ${token}`. */
  token: string;
}

export interface SeededGeneratedFestival {
  baseUrl: string;
  hosts: SeededAccount[];
  performers: SeededAccount[];
  /** The database id of each generated venue and act, by the generator's index. */
  venueIds: number[];
  actIds: number[];
  /** The sets saved (the plan given, if any). */
  sets: readonly PlannedSet[];
  /** Wall-clock seconds the seeding took. */
  seconds: number;
}

export interface SeedOptions {
  /** Sets to save through PATCH /v1/venues/{id} after the acts (planSets). */
  plan?: readonly PlannedSet[];
  /** Requests in flight at once while creating venues and acts and saving sets. Default 6. */
  concurrency?: number;
  /** Where progress is printed; `null` for silence. */
  log?: ((line: string) => void) | null;
  /** The first loopback address's last byte for sign-ups (127.0.0.N, N up). Default 10. */
  firstAddress?: number;
}

export { inParallel };

const client = loopbackClient({ maxSockets: 32 });
/** One request on loopback with a kept-alive connection, JSON in and out (test/support/loopback-client.ts). */
export const call = client.call;
/** Closes the kept connections of every address (call when done, or the process lingers). */
export const closeConnections = client.close;

/** Sends, retrying a 429 after the wait the server names; throws on any other unexpected status. */
export async function send(...request: Parameters<LoopbackClient['send']>): Promise<Record<string, unknown>> {
  return (await client.send(...request)) as Record<string, unknown>;
}

// The server allows 20 sign-ups per client address per hour: stay under it.
const SIGNUPS_PER_ADDRESS = 15;

/** Seeds `festival` into the app at `baseUrl`; throws on any answer it did not expect, naming the request. */
export async function seedGeneratedFestival(
  baseUrl: string,
  festival: GeneratedFestival,
  options: SeedOptions = {},
): Promise<SeededGeneratedFestival> {
  const concurrency = options.concurrency ?? 6;
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  const firstAddress = options.firstAddress ?? 10;
  const started = performance.now();

  const accounts = [...festival.hosts, ...festival.performers];
  if (firstAddress + accounts.length / SIGNUPS_PER_ADDRESS > 254) throw new Error('Too many accounts for 127.0.0.0/24');
  const seeded = await inParallel(accounts, 2, async (account, index): Promise<SeededAccount> => {
    const session = await send(201, baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: account.name, email: account.email, password: GENERATED_PASSWORD, roles: [account.role] },
      from: `127.0.0.${firstAddress + Math.floor(index / SIGNUPS_PER_ADDRESS)}`,
    });
    return { ...account, id: Number(session.id), token: String(session.jwt_token) };
  });
  const hosts = seeded.slice(0, festival.hosts.length);
  const performers = seeded.slice(festival.hosts.length);
  log?.(`  signed up ${hosts.length} hosts and ${performers.length} performers`);

  /** Each of `items` created by its owner through POST `path`, its id. */
  const create = (items: readonly Created[], path: string, owners: readonly SeededAccount[]) =>
    inParallel(items, concurrency, async (item) => {
      const created = await send(201, baseUrl, 'POST', path, { body: item.body, token: owners[item.owner]!.token });
      return Number(created.id);
    });
  const venueIds = await create(festival.venues, '/v1/venues', hosts);
  log?.(`  added ${venueIds.length} porches`);
  const actIds = await create(festival.acts, '/v1/acts', performers);
  log?.(`  added ${actIds.length} acts`);

  const sets = options.plan ?? [];
  const porches = await savePlan(baseUrl, festival, { hosts, venueIds, actIds }, sets, concurrency);
  if (sets.length > 0) log?.(`  saved ${sets.length} sets at ${porches} porches`);

  const seconds = (performance.now() - started) / 1000;
  log?.(`Seeded through the API in ${seconds.toFixed(1)} s`);
  return { baseUrl, hosts, performers, venueIds, actIds, sets, seconds };
}

/** A generated venue or act: its body and its owner's index among the hosts or performers. */
interface Created {
  body: unknown;
  owner: number;
}

/**
 * The hosts save `plan` through PATCH /v1/venues/{id}, `concurrency` porches at once; returns how
 * many porches it saved.
 */
export async function savePlan(
  baseUrl: string,
  festival: GeneratedFestival,
  seeded: Pick<SeededGeneratedFestival, 'hosts' | 'venueIds' | 'actIds'>,
  plan: readonly PlannedSet[],
  concurrency = 6,
): Promise<number> {
  const byVenue = new Map<number, PlannedSet[]>();
  for (const set of plan) byVenue.set(set.venue, [...(byVenue.get(set.venue) ?? []), set]);
  await inParallel([...byVenue], concurrency, async ([venue, venueSets]) => {
    const body: UpdateVenueSlotsInput = {
      available_slots: SLOT_DEFS.map((slot_def) => {
        const set = venueSets.find((s) => s.slot === slot_def);
        return { slot_def, scheduled_act_id: set ? seeded.actIds[set.act]! : null };
      }),
    };
    await send(200, baseUrl, 'PATCH', `/v1/venues/${seeded.venueIds[venue]!}`, {
      body,
      token: seeded.hosts[festival.venues[venue]!.owner]!.token,
    });
  });
  return byVenue.size;
}
