import { dirname, join } from 'node:path';
import { buildApp } from './app.js';
import { openDb } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { mailDestination, parseEnv } from './env.js';
import { loadFestivalConfig } from './features/festival/load.js';
import { refreshDirections } from './features/venues/directions.js';
import { listeningUrl } from './lib/listening-url.js';
import { fromRoot } from './lib/paths.js';
import { loadOrCreateSecret } from './lib/secret.js';
import { smtpTransport } from './mail/transport.js';
import { loadStreetPlan } from './web/street-tiles.js';

async function main() {
  const env = parseEnv(process.env);
  const festival = loadFestivalConfig(env.FESTIVAL_CONFIG);
  const streetPlan = env.STREET_PLAN ? loadStreetPlan(env.STREET_PLAN) : undefined;
  const databasePath = fromRoot(env.DATABASE_PATH);
  const db = openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { databasePath }, {
    lockWaitMs: env.DB_LOCK_WAIT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
  });
  await migrate(db);
  // Directions links follow the pins and the configuration's town (issue 28, item 5).
  await refreshDirections(db.kysely, festival);

  const app = await buildApp({
    db,
    festival,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(join(dirname(databasePath), 'jwt-secret')),
    publicUrl: env.PUBLIC_URL,
    mailTransport: env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : undefined,
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    mailRatePerHour: env.MAIL_RATE_PER_HOUR,
    notices: { delayMs: env.NOTICE_DELAY_MS, maxWaitMs: env.NOTICE_MAX_WAIT_MS, capPerHour: env.NOTICE_CAP_PER_HOUR },
    streetPlan,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // close() stops accepting, waits for requests in flight, then runs onClose hooks.
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.outbox.start();
  // The address actually listened on; PUBLIC_URL is only what links in e-mail say.
  const url = listeningUrl(app.server.address());
  const links = env.PUBLIC_URL === url ? '' : `, links in e-mail: ${env.PUBLIC_URL}`;
  app.log.info(
    `${festival.name} is running on ${url} (database: ${db.dialect}, mail: ${mailDestination(env)}${links})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
