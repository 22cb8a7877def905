// Everything the app is built from, wired in one place (createApp) and passed to routers.
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from './db/index.ts';
import type { AppConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Storage } from './storage/index.ts';
import type { Redis } from './infra/redis.ts';

export interface AppDeps {
  db: Db;
  /** A replica (READ_DATABASE_URL) for lists, reports and exports, read through db/read-routing.ts; never for a write or a sale. */
  readDb?: Db;
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  /** Stripe's SDK client: real Stripe with keys, the embedded emulator in test-payment mode. */
  stripe: Stripe;
  /** Background jobs: BullMQ with REDIS_URL, in-process without. Register handlers by name. */
  jobs: JobRunner;
  /** Uploaded files (partner applications, lead CSVs): local disk or the database (STORAGE). */
  storage: Storage;
  /** This process's Redis connection when REDIS_URL is set (rate limits, jobs). */
  redis?: Redis;
}
