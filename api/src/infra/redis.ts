// One Redis connection per process when REDIS_URL is set (rate limits, the job queue); none without it.
import { Redis } from 'ioredis';

export type { Redis };

/**
 * Opens a connection. For the job queue (`queue: true`) commands wait for a reconnect while Redis
 * restarts (`maxRetriesPerRequest: null`, what BullMQ's workers require). For requests (rate limits,
 * write notices) a command fails within a second instead, so a Redis outage never holds a request.
 */
export function connectRedis(url: string, opts: { queue?: boolean } = {}): Redis {
  return opts.queue
    ? new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true })
    : new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, enableReadyCheck: true });
}

/** Deletes every key under `prefix` (tests and the cluster proof clean up their own prefix only). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let n = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) n += await redis.del(...keys);
  } while (cursor !== '0');
  return n;
}
