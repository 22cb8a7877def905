// Reads config, migrates (outside production; production migrates as a release step, `npm run migrate`),
// (with --seed) seeds demo data into an empty non-production database, connects Redis when configured,
// starts the job worker and listens.
import closeWithGrace from 'close-with-grace';
import { loadConfig, ConfigError, type AppConfig } from './config.ts';
import { createDb, migrateLatest, pendingMigrations } from './db/index.ts';
import { seedDemo, demoAccountsText, demoAccountsWithPublishedPasswords } from './db/seed.ts';
import { createApp, createHttpServer, depsOf } from './app.ts';
import { startUploadSweep } from './services/funnel/upload-quotas.ts';
import { createStripeClient, EMULATOR_NEEDED } from './services/payments/stripe-client.ts';
import { connectRedis } from './infra/redis.ts';
import { createJobRunner } from './jobs/index.ts';
import { createLogger } from './logger.ts';
import { outboxDeps, sendDueMessages, OUTBOX_JOB } from './services/mail/outbox.ts';
import { createMailTransport } from './services/mail/transport.ts';

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

if (config.stripe.testMode && !config.isProduction && !config.stripe.emulatorUrl) {
  console.error(EMULATOR_NEEDED);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
const db = createDb(config.databaseUrl);
const readDb = config.readDatabaseUrl ? createDb(config.readDatabaseUrl) : undefined;
if (config.isProduction) {
  // Many processes start at once in production: none of them changes the schema. The release step
  // (`npm run migrate`, once per deploy) does; a process refuses to serve an older schema.
  const pending = await pendingMigrations(db);
  if (pending.length) {
    console.error(
      `The database schema is not up to date (${pending.length} pending migration(s): ${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''}). Run \`npm run migrate\` first.`,
    );
    await db.destroy();
    process.exit(1);
  }
} else {
  await migrateLatest(db);
}
if (process.argv.includes('--seed')) {
  const result = await seedDemo(db, { dataDir: config.dataDir, production: config.isProduction });
  console.log(result.seeded ? 'Seeded demo data.' : `Demo data not seeded: ${result.reason}.`);
}
// A database first seeded in development may still hold the demo accounts with their published passwords.
if (config.isProduction) {
  const open = await demoAccountsWithPublishedPasswords(db);
  if (open.length) {
    console.error(
      `Refusing to start in production: demo account(s) ${open.join(', ')} still have the published demo password. Change their passwords or delete them first.`,
    );
    await db.destroy();
    process.exit(1);
  }
  if (config.stripe.apiUrl) console.warn(`STRIPE_API_URL is set: payments go to ${config.stripe.apiUrl}, not to Stripe.`);
  if (config.trustProxy === false)
    console.warn(
      'TRUST_PROXY is not set: X-Forwarded-For is ignored and every client is the address that connects. Behind a load balancer set TRUST_PROXY=1 (or its addresses).',
    );
}
const redis = config.redis.url ? connectRedis(config.redis.url) : undefined;
redis?.on('error', (err) => logger.error({ err }, 'redis error'));
if (redis) {
  // The rate-limit stores load their scripts when the app is built: wait for Redis first (a process
  // never starts with limits it cannot enforce), at most 30 s.
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      await redis.ping();
      break;
    } catch (err) {
      if (Date.now() > until) {
        console.error(`Redis at REDIS_URL does not answer: ${(err as Error).message}`);
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
const queueRedis = config.redis.url ? connectRedis(config.redis.url, { queue: true }) : undefined;
queueRedis?.on('error', (err) => logger.error({ err }, 'redis (job queue) error'));
const jobs = createJobRunner(config, queueRedis, logger);
// Test-payment mode (no Stripe keys, never production): the Stripe emulator runs beside the app
// (scripts/dev-server.ts starts it, then this file) and posts its events to our webhook.
const app = createApp({ db, readDb, config, stripe: createStripeClient(config), logger, jobs, redis });
const server = createHttpServer(app, config);
// Mail (decision 045): the outbox sender is one repeatable job for the fleet (BullMQ with Redis, the
// in-process runner without); its row claims keep a message from going out twice either way.
const mailTransport = createMailTransport(config, logger);
const mailDeps = outboxDeps(depsOf(app), mailTransport);
jobs.register(OUTBOX_JOB, async () => sendDueMessages(mailDeps));
jobs.repeat(OUTBOX_JOB, config.mail.outboxEveryMs);
if (!config.mail.smtpUrl) console.log(`Mail: no SMTP_URL, messages are written as .eml files under ${config.mail.mailDir}`);
await jobs.start();
server.listen(config.port, config.host, () => {
  console.log(
    `\nServing on ${config.publicOrigin} (${config.env}; ${redis ? 'Redis' : 'memory'} rate limits and ${jobs.kind} jobs; ${config.storage} storage)`,
  );
  if (!config.isProduction) console.log(demoAccountsText(config.publicOrigin));
  if (config.stripe.testMode) console.log(`Test-payment mode: no Stripe keys set, cards are charged by the Stripe emulator at ${config.stripe.emulatorUrl}.`);
});
const stopUploadSweep = startUploadSweep(depsOf(app));

// Graceful shutdown (close-with-grace): on SIGTERM/SIGINT, or an uncaught error, stop accepting
// connections, let requests in flight finish, stop the jobs, then close Redis and the database; after
// 10 s the process exits regardless. An error ends it with exit code 1, a signal with 0.
const graceLogger = { error: (m: unknown) => (m instanceof Error ? logger.error({ err: m }, 'shutdown failed') : logger.error(String(m))) };
closeWithGrace({ delay: 10_000, logger: graceLogger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an uncaught error');
  else logger.info({ signal }, 'shutting down');
  stopUploadSweep();
  mailTransport.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await jobs.close().catch(() => undefined);
  await redis?.quit().catch(() => undefined);
  await queueRedis?.quit().catch(() => undefined);
  await db.destroy();
  await readDb?.destroy();
});
