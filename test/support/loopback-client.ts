/**
 * JSON over HTTP to an app on loopback, for the code that seeds a festival through the API
 * (test/support/festival-seed.ts, bench/support/seed-generated.ts): kept-alive connections, one
 * pool per client address (sign-ups are limited per address, and 127.0.0.0/8 all reaches a server
 * on 127.0.0.1), a 429 retried after the wait the server names, and a bounded number of requests
 * in flight.
 *
 *   const client = loopbackClient({ maxSockets: 16, errorPrefix: 'Seeding: ' });
 *   const body = await client.send(201, baseUrl, 'POST', '/v1/acts', { body, token });
 *   client.close();
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
  /** Its size in bytes. */
  bytes: number;
}

export interface CallOptions {
  body?: unknown;
  /** The session: `authorization: Bearer ${token}`. */
  token?: string;
  /** The client address to send from (default 127.0.0.1). */
  from?: string;
}

export interface LoopbackClient {
  /** One request, JSON in and out, whatever the status. */
  call: (baseUrl: string, method: string, path: string, options?: CallOptions) => Promise<Answer>;
  /**
   * The body of an answer with status `expected`, retrying a 429 (twice, when the server names a
   * wait of at most 5 s); throws on any other status, naming the request.
   */
  send: (expected: number, baseUrl: string, method: string, path: string, options?: CallOptions) => Promise<unknown>;
  /** Closes the kept connections of every address (call when done, or the process lingers). */
  close: () => void;
}

export function loopbackClient(settings: {
  /** Connections at once per client address. */
  maxSockets: number;
  /** Put before the message of an unexpected answer. */
  errorPrefix?: string;
}): LoopbackClient {
  const agents = new Map<string, Agent>();
  function agentFor(localAddress: string): Agent {
    let agent = agents.get(localAddress);
    if (!agent) {
      agent = new Agent({ keepAlive: true, maxSockets: settings.maxSockets, localAddress });
      agents.set(localAddress, agent);
    }
    return agent;
  }

  function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
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

  async function send(
    expected: number,
    baseUrl: string,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const answer = await call(baseUrl, method, path, options);
      if (answer.status === expected) return answer.body;
      if (answer.status === 429 && attempt < 3) {
        const wait = Number(answer.headers['retry-after'] ?? 1);
        if (wait <= 5) {
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
      }
      throw new Error(
        `${settings.errorPrefix ?? ''}${method} ${path} answered ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body).slice(0, 500)}`,
      );
    }
  }

  function close(): void {
    for (const agent of agents.values()) agent.destroy();
    agents.clear();
  }

  return { call, send, close };
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
