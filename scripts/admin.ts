// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: the committee's way to
// give or take the admin role. Admin is never self-selectable (docs/behaviour.md#the-festival,
// docs/behaviour.md#roles-and-permissions).
import { openDb } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';
import { parseEnv } from '../server/env.js';
import { setAdmin } from '../server/features/auth/queries.js';
import { fromRoot } from '../server/lib/paths.js';
import { EmailSchema } from '../contract/auth.js';

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail) {
    console.error('Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>');
    return 2;
  }
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) {
    console.error(`Not an e-mail address: ${rawEmail}`);
    return 2;
  }
  const env = parseEnv(process.env);
  const db = openDb(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { databasePath: fromRoot(env.DATABASE_PATH) },
  );
  try {
    await migrate(db);
    const changed = await setAdmin(db.kysely, email.data, command === 'grant', new Date());
    if (!changed) {
      console.error(`No account with the e-mail ${email.data}. The person must register first.`);
      return 1;
    }
    console.log(`${command === 'grant' ? 'Granted' : 'Revoked'} admin for ${email.data}.`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
