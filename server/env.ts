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
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Porchfest <no-reply@localhost>'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  FESTIVAL_CONFIG: z.string().default('festival.config.json'),
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
  return result.data;
}
