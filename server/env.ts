import { z } from 'zod';

/**
 * The server's whole environment, parsed once at start. Nothing else reads process.env.
 * Secrets (JWT_SECRET, credentials inside DATABASE_URL and SMTP_URL) come only from here.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_PATH: z.string().default('data/porchfest.sqlite'),
  // How long a query may wait on a locked or stalled database before the request is answered 503
  // with Retry-After (server/db/connection.ts, docs/deploying.md): the wait for another process's
  // write lock (SQLite) or lock_timeout (PostgreSQL); PostgreSQL's statement_timeout; the wait
  // for a free PostgreSQL connection.
  DB_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // The longest a request may take to arrive, body included: a slower one (a body that stalls) is
  // answered 408 and disconnected (server/app.ts, docs/deploying.md). 300 s lets the 2 MB body
  // limit through a 56 kbit/s link.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // A trial run in production without a mail server: mail (reset links included) is printed
  // to the log instead of sent. Without it, production refuses to start with no SMTP_URL.
  MAIL_TO_LOG: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  MAIL_FROM: z.string().default('Porchfest <no-reply@localhost>'),
  // At most this many mails an hour, counted across every app process on the database, so a mail
  // provider's hourly limit holds for a mail to the whole festival. Unset: no limit.
  MAIL_RATE_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3_600_000, 'must be at most 3600000')
    .optional(),
  // Coalesced scheduling notices (docs/decisions/0038-coalesced-notices.md): an act owner hears of
  // a host's changes NOTICE_DELAY_MS after the last of a run (a change undone by then sends
  // nothing), at most NOTICE_MAX_WAIT_MS after the first, and gets at most NOTICE_CAP_PER_HOUR
  // notices an hour (the rest wait, they are not dropped).
  NOTICE_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(86_400_000, 'must be at most 86400000')
    .default(300_000),
  NOTICE_MAX_WAIT_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(86_400_000, 'must be at most 86400000')
    .default(1_800_000),
  NOTICE_CAP_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(10),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  FESTIVAL_CONFIG: z.string().default('festival.config.json'),
  // A street plan (JSON, relative to the project) the server draws map tiles from at
  // /tiles/{z}/{x}/{y}.svg, for a map with no tile server (docs/decisions/0057). Unset: no tiles.
  STREET_PLAN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Which X-Forwarded-For hops to believe (client addresses drive rate limits): `false`; or the
  // proxies' addresses/CIDRs, comma-separated (`127.0.0.1` for an nginx on the same machine);
  // `true` believes every hop, which lets a visitor pick their own address. A number is passed
  // to Fastify as a hop count.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v,
    ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});
export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  if (result.data.NODE_ENV === 'production' && !result.data.JWT_SECRET) {
    throw new Error('Invalid environment: JWT_SECRET: required in production');
  }
  if (result.data.NODE_ENV === 'production' && !result.data.SMTP_URL && !result.data.MAIL_TO_LOG) {
    throw new Error(
      'Invalid environment: SMTP_URL: required in production, or e-mail (password-reset links included) ' +
        'would only be printed to the log. Set SMTP_URL to your mail server, or MAIL_TO_LOG=true for a ' +
        'trial run that prints mail to the log.',
    );
  }
  return result.data;
}

/** How the start line describes where mail goes. */
export function mailDestination(env: Pick<Env, 'SMTP_URL' | 'MAIL_TO_LOG'>): string {
  if (env.SMTP_URL) return 'SMTP';
  return env.MAIL_TO_LOG
    ? 'printed to this log (MAIL_TO_LOG=true, a trial run: nothing is sent)'
    : 'printed to this log';
}
