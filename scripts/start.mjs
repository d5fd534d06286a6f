// `npm start`: build the web app and the server when the sources are newer than the build,
// then run the server (it migrates the database at start). Plain JS so it runs before any build.
import { spawn, spawnSync } from 'node:child_process';
import { buildIsStale } from './build-freshness.mjs';

if (buildIsStale('.')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
// Pass stop signals on, so the server can finish requests in flight before it exits.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
