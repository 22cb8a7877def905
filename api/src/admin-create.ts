// CLI: `npm run admin:create -- --email you@company.com [--first-name Ada] [--last-name Lovelace]`
// (compiled: `node api/dist/admin-create.js --email ...`). The first admin of an install, or any later
// one: creates the admin account or promotes the user with that e-mail, and prints a one-time
// set-password link. Run it with the servers' environment (DATABASE_URL, SESSION_SECRET, PUBLIC_ORIGIN):
// the link is signed with SESSION_SECRET and opens on PUBLIC_ORIGIN. Audited as the system.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, ConfigError } from './config.ts';
import { createDb, migrateLatest, pendingMigrations } from './db/index.ts';
import { createOrPromoteAdmin } from './services/accounts/first-admin.service.ts';

const USAGE = 'Usage: npm run admin:create -- --email you@company.com [--first-name Ada] [--last-name Lovelace]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: { email?: string; 'first-name'?: string; 'last-name'?: string };
try {
  args = parseArgs({ options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } }, strict: true }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (!args.email) fail(`--email is required.\n${USAGE}`);

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const db = createDb(config.databaseUrl);
try {
  if (config.isProduction) {
    const pending = await pendingMigrations(db);
    if (pending.length) fail(`The database schema is not up to date (${pending.length} pending migration(s)). Run \`npm run migrate\` first.`);
  } else {
    await migrateLatest(db);
  }
  const r = await createOrPromoteAdmin(
    db,
    config.sessionSecret,
    config.publicOrigin,
    { email: args.email, firstName: args['first-name'], lastName: args['last-name'] },
    new Date(),
  );
  const what = { created: 'Created the admin account', promoted: 'Made the existing account an admin', already: 'Already an admin' }[r.outcome];
  console.log(`${what}: ${r.email} (user #${r.userId})${r.reactivated ? ', reactivated' : ''}.`);
  console.log(`Set-password link (one use, valid until ${r.link.expiresAt}):`);
  console.log(r.link.url);
} catch (err) {
  if (err instanceof z.ZodError) fail(err.issues.map((i) => i.message).join('\n'));
  throw err;
} finally {
  await db.destroy();
}
