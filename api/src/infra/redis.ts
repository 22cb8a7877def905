// One Redis connection per process when REDIS_URL is set (rate limits, the job queue); none without it.
import { Redis } from 'ioredis';

export type { Redis };

/**
 * Opens a connection. `maxRetriesPerRequest: null` is what BullMQ's workers require; commands wait
 * for a reconnect instead of failing while Redis restarts.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
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
