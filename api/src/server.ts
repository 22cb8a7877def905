// Reads config, migrates, (with --seed) seeds demo data into an empty non-production database, listens.
import type { AddressInfo } from 'node:net';
import { loadConfig, ConfigError, type AppConfig } from './config.ts';
import { createDb, migrateLatest } from './db/index.ts';
import { seedDemo, demoAccountsText } from './db/seed.ts';
import { createApp, depsOf } from './app.ts';
import { startPayments } from './services/payments/stripe-client.ts';
import { startReservationSweep } from './services/orders/orders.service.ts';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const db = createDb(config.databaseUrl);
await migrateLatest(db);
if (process.argv.includes('--seed')) {
  const result = await seedDemo(db, { dataDir: config.dataDir, production: config.isProduction });
  console.log(result.seeded ? 'Seeded demo data.' : `Demo data not seeded: ${result.reason}.`);
}
// Test-payment mode (no Stripe keys, never production): the embedded emulator posts its signed
// events to this server's own webhook once it listens.
const payments = await startPayments(config, { onError: (message, err) => console.error(message, err) });
const app = createApp({ db, config, stripe: payments.stripe });
const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  payments.emulator?.setWebhookUrl(`http://127.0.0.1:${port}/api/stripe/webhook`);
  console.log(`\nServing on ${config.publicOrigin} (${config.env})`);
  if (!config.isProduction) console.log(demoAccountsText(config.publicOrigin));
  if (payments.emulator) console.log('Test-payment mode: no Stripe keys set, cards are charged by the embedded emulator (try 4242 4242 4242 4242).');
});
const stopSweep = startReservationSweep(depsOf(app));

function shutdown() {
  stopSweep();
  server.close(() => {
    void payments.close().finally(() => db.destroy().finally(() => process.exit(0)));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
