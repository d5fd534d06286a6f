// Whether dist/ is missing or older than the sources it is built from. `npm start` and the e2e
// tests build first when it is. Plain JS, so `npm start` can run it before any build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['contract', 'server', 'web', 'package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json'];
const OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** @param {string} root the project's folder */
export function buildIsStale(root) {
  const builtAt = Math.min(...OUTPUTS.map((p) => join(root, p)).map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  return builtAt < Math.max(...SOURCES.map((p) => newest(join(root, p))));
}
