// CLI: `tsx api/src/db/migrate.ts latest|rollback-all|status`.
import { createDb } from './index.ts';

const cmd = process.argv[2] ?? 'latest';
const db = createDb(process.env.DATABASE_URL);
try {
  if (cmd === 'latest') {
    const [batch, done] = await db.migrate.latest();
    console.log(done.length ? `Migrated (batch ${batch}): ${done.length} migration(s)` : 'Database schema is up to date');
  } else if (cmd === 'rollback-all') {
    await db.migrate.rollback(undefined, true);
    console.log('Rolled back all migrations');
  } else {
    const [done, pending] = await db.migrate.list();
    console.log(`completed: ${done.length}, pending: ${pending.length}`);
  }
} finally {
  await db.destroy();
}
