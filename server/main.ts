import { dirname, join } from 'node:path';
import { buildApp } from './app.js';
import { openDb } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { parseEnv } from './env.js';
import { loadFestivalConfig } from './features/festival/load.js';
import { fromRoot } from './lib/paths.js';
import { loadOrCreateSecret } from './lib/secret.js';
import { smtpTransport } from './mail/transport.js';

async function main() {
  const env = parseEnv(process.env);
  const festival = loadFestivalConfig(env.FESTIVAL_CONFIG);
  const databasePath = fromRoot(env.DATABASE_PATH);
  const db = openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { databasePath });
  await migrate(db);

  const app = await buildApp({
    db,
    festival,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(join(dirname(databasePath), 'jwt-secret')),
    publicUrl: env.PUBLIC_URL,
    mailTransport: env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : undefined,
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
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
  app.log.info(
    `${festival.name} is running on ${env.PUBLIC_URL} (database: ${db.dialect}, mail: ${env.SMTP_URL ? 'SMTP' : 'printed to this log'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
