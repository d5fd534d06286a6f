import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../e2e/support/server.js';
import { freePorts, startAppProcess, type AppProcess } from './support/app-process.js';
import { createBlankDb, faultsEngine, type BlankDb } from './support/blank-db.js';
import { requestJson } from './support/http.js';

/**
 * Issue 26, item 2 (docs/decisions/0058, docs/deploying.md "Behind nginx, over HTTPS"): Debian's
 * nginx, with the configuration the deployment guide gives (only its ports, its cache folder and
 * TLS changed), in front of two app processes on one PostgreSQL. Within the app's shared-cache
 * time a burst of page loads reaches the apps a handful of times; a signed-in read always reaches
 * an app. The apps that answered are counted from nginx's own log ($upstream_addr).
 */
const BURST = 2_000;
const CONCURRENCY = 20;
/** "A handful": the first miss, and a revalidation or two if the burst outlasts the cache time. */
const AT_MOST = 5;

let blank: BlankDb;
let a: AppProcess;
let b: AppProcess;
let nginx: ChildProcess | undefined;
let folder: string;
let proxy: string;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** The nginx block of docs/deploying.md, made to run here: every change checked, so the guide cannot drift. */
function configFromGuide(listen: number, upstreams: number[], cacheFolder: string): string {
  const guide = readFileSync('docs/deploying.md', 'utf8');
  const section = guide.slice(guide.indexOf('## Behind nginx, over HTTPS'));
  let block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/deploying.md has no nginx block under "Behind nginx, over HTTPS"');
  const change = (pattern: RegExp, by: string, what: string) => {
    if (!pattern.test(block!)) throw new Error(`docs/deploying.md's nginx block no longer has ${what}`);
    block = block!.replace(pattern, by);
  };
  // TLS and the redirect to it are the machine's own (certificates); the test speaks plain HTTP.
  change(/server \{\s*listen 80;[\s\S]*?return 301[^\n]*\n\}\n/, '', 'the redirect to HTTPS');
  change(/listen 443 ssl;/, `listen 127.0.0.1:${listen};`, 'listen 443 ssl');
  change(/\n\s*http2 on;/, '', 'http2 on');
  change(/\n\s*ssl_certificate\s[^\n]*\n\s*ssl_certificate_key\s[^\n]*/, '', 'the certificate lines');
  change(/server 127\.0\.0\.1:3001;/, `server 127.0.0.1:${upstreams[0]};`, 'the first app process');
  change(/server 127\.0\.0\.1:3002;/, `server 127.0.0.1:${upstreams[1]};`, 'the second app process');
  change(/\/var\/cache\/nginx\/porchfest/, cacheFolder, 'the cache folder');
  const root = process.getuid?.() === 0 ? 'user root;\n' : '';
  return [
    `${root}daemon off;`,
    'worker_processes 1;',
    `pid ${join(folder, 'nginx.pid')};`,
    `error_log ${join(folder, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  log_format reached '$upstream_addr $upstream_cache_status $status $request_uri';`,
    `  access_log ${join(folder, 'access.log')} reached;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(folder, t)};`),
    block,
    '}',
  ].join('\n');
}

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}: ${readFileSync(join(folder, 'error.log'), 'utf8')}`);
}

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    request(`${proxy}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

/** The lines of nginx's log for `path` so far: which app answered (or "-": none) and the cache status. */
function logged(path: string): Array<{ upstream: string; cache: string; status: string }> {
  return readFileSync(join(folder, 'access.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '))
    .filter((fields) => fields[3] === path)
    .map(([upstream = '', cache = '', status = '']) => ({ upstream, cache, status }));
}

describe.skipIf(faultsEngine !== 'postgres')(
  "nginx in front of two app processes (the deployment guide's configuration)",
  () => {
    beforeAll(async () => {
      const binary = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], {
        encoding: 'utf8',
      }).stdout.trim();
      if (!binary)
        throw new Error("Debian's nginx is not installed (npm test installs it as root): apt-get install -y nginx");
      ensureBuilt();
      blank = await createBlankDb();
      const [portA, portB, listen] = await freePorts(3);
      const options = { database: blank.options, env: { TRUST_PROXY: '127.0.0.1' } };
      [a, b] = await Promise.all([
        startAppProcess({ ...options, port: portA }),
        startAppProcess({ ...options, port: portB }),
      ]);
      folder = mkdtempSync(join(tmpdir(), 'porchfest-nginx-'));
      chmodSync(folder, 0o777);
      const cache = join(folder, 'cache');
      writeFileSync(join(folder, 'nginx.conf'), configFromGuide(listen!, [portA!, portB!], cache));
      const check = spawnSync(binary.split('\n')[0]!, ['-t', '-p', folder, '-c', join(folder, 'nginx.conf')], {
        encoding: 'utf8',
      });
      expect(check.status, check.stderr).toBe(0);
      nginx = spawn(binary.split('\n')[0]!, ['-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: 'ignore' });
      proxy = `http://127.0.0.1:${listen}`;
      await listening(listen!);
    });
    afterAll(async () => {
      agent.destroy();
      nginx?.kill('SIGTERM');
      await Promise.all([a?.stop(), b?.stop()]);
      await blank?.destroy();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    it(`answers ${BURST} loads of /schedule within the cache time reaching the apps at most ${AT_MOST} times`, async () => {
      const began = Date.now();
      let next = 0;
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < BURST) {
            next += 1;
            statuses.push((await get('/schedule', { 'accept-encoding': 'br' })).status);
          }
        }),
      );
      const seconds = (Date.now() - began) / 1000;
      expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
      const lines = logged('/schedule');
      const reached = lines.filter((l) => l.upstream !== '-');
      console.log(
        `[faults] nginx: ${BURST} loads of /schedule in ${seconds.toFixed(1)} s reached the apps ${reached.length} times ` +
          `(${reached.map((l) => `${l.cache} via ${l.upstream}`).join(', ')})`,
      );
      expect(lines).toHaveLength(BURST);
      expect(reached.length).toBeGreaterThanOrEqual(1);
      expect(reached.length).toBeLessThanOrEqual(AT_MOST);
    });

    it('sends every signed-in read to an app, and none of them is stored', async () => {
      const signup = await requestJson(agent, a.baseUrl, 'POST', '/v1/auth/signup', {
        body: {
          name: 'Proxy Person',
          email: 'proxy.person@faults.test',
          password: 'Proxy-Cache-pass1',
          roles: ['host'],
        },
      });
      expect(signup.status).toBe(201);
      const token = (signup.body as { jwt_token: string }).jwt_token;
      const before = logged('/v1/schedule').length;
      for (let i = 0; i < 10; i++) {
        const res = await get('/v1/schedule', { authorization: `Bearer ${token}`, 'accept-encoding': 'br' });
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const signedIn = logged('/v1/schedule').slice(before);
      expect(signedIn).toHaveLength(10);
      for (const line of signedIn) expect(line.upstream, JSON.stringify(line)).not.toBe('-');
      // The anonymous read after them is the public one, from the apps once, then from the cache.
      await get('/v1/schedule', { 'accept-encoding': 'br' });
      const anonymous = await get('/v1/schedule', { 'accept-encoding': 'br' });
      expect(anonymous.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
      expect(anonymous.headers['x-cache-status']).toBe('HIT');
    });
  },
);
