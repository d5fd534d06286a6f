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
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { SLOT_DEFS } from '../../contract/enums.js';
import type { UpdateVenueSlotsInput } from '../../contract/venues.js';
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

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
  /** Its size in bytes. */
  bytes: number;
}

/** One keep-alive pool per client address (sign-ups are limited per address). */
const agents = new Map<string, Agent>();
function agentFor(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 32, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** Closes the kept connections of every address (call when done, or the process lingers). */
export function closeConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One HTTP request on loopback with a kept-alive connection, JSON in and out. */
export function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; from?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, baseUrl),
      { method, headers, agent: agentFor(options.from ?? '127.0.0.1') },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the error message.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes: raw.length });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Sends, retrying a 429 after the wait the server names; throws on any other unexpected status. */
export async function send(
  expected: number,
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; from?: string } = {},
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    const answer = await call(baseUrl, method, path, options);
    if (answer.status === expected) return answer.body as Record<string, unknown>;
    if (answer.status === 429 && attempt < 3) {
      const wait = Number(answer.headers['retry-after'] ?? 1);
      if (wait <= 5) {
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
    }
    throw new Error(
      `${method} ${path} answered ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body).slice(0, 500)}`,
    );
  }
}

/** Runs `work` over `items` with at most `limit` in flight; results in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
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

  const venueIds = await inParallel(festival.venues, concurrency, async (venue) => {
    const created = await send(201, baseUrl, 'POST', '/v1/venues', {
      body: venue.body,
      token: hosts[venue.owner]!.token,
    });
    return Number(created.id);
  });
  log?.(`  added ${venueIds.length} porches`);
  const actIds = await inParallel(festival.acts, concurrency, async (act) => {
    const created = await send(201, baseUrl, 'POST', '/v1/acts', {
      body: act.body,
      token: performers[act.owner]!.token,
    });
    return Number(created.id);
  });
  log?.(`  added ${actIds.length} acts`);

  const sets = options.plan ?? [];
  const byVenue = new Map<number, PlannedSet[]>();
  for (const set of sets) byVenue.set(set.venue, [...(byVenue.get(set.venue) ?? []), set]);
  await inParallel([...byVenue], concurrency, async ([venue, venueSets]) => {
    const body: UpdateVenueSlotsInput = {
      available_slots: SLOT_DEFS.map((slot_def) => {
        const set = venueSets.find((s) => s.slot === slot_def);
        return { slot_def, scheduled_act_id: set ? actIds[set.act]! : null };
      }),
    };
    await send(200, baseUrl, 'PATCH', `/v1/venues/${venueIds[venue]!}`, {
      body,
      token: hosts[festival.venues[venue]!.owner]!.token,
    });
  });
  if (sets.length > 0) log?.(`  saved ${sets.length} sets at ${byVenue.size} porches`);

  const seconds = (performance.now() - started) / 1000;
  log?.(`Seeded through the API in ${seconds.toFixed(1)} s`);
  return { baseUrl, hosts, performers, venueIds, actIds, sets, seconds };
}
