// The job runner of this process and the jobs the API itself defines. Other modules register their
// own handlers by name (`deps.jobs.register('refund-retry', handler)`) and enqueue them by name.
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { Redis } from '../infra/redis.ts';
import { bullRunner, inProcessRunner, type JobRunner } from './runner.ts';

export * from './runner.ts';

/** Names of the jobs defined here (one queue; the name picks the handler). */
export const JOBS = {
  reservationSweep: 'reservation-sweep',
  paymentCheck: 'payment-check',
  staleOrders: 'stale-order-expiry',
  autoRebillSweep: 'auto-rebill-sweep',
  leadImport: 'lead-import',
  sessionPurge: 'session-purge',
} as const;

export function createJobRunner(config: AppConfig, redis: Redis | undefined, logger: Logger): JobRunner {
  return redis ? bullRunner({ redis, prefix: `${config.redis.prefix}bull`, logger }) : inProcessRunner(logger);
}
