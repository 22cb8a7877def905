// Everything the app is built from, wired in one place (createApp) and passed to routers.
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from './db/index.ts';
import type { AppConfig } from './config.ts';
import type { Clock } from './clock.ts';

export interface AppDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  /** Stripe's SDK client: real Stripe with keys, the embedded emulator in test-payment mode. */
  stripe: Stripe;
}
