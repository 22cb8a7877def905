// Rate limits answering 429 with a clear JSON message. Counters live in Redis when REDIS_URL is set
// (one count for the whole fleet), else in this process's memory (decision 055).
import crypto from 'node:crypto';
import { rateLimit, ipKeyGenerator, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Request, RequestHandler } from 'express';
import type { Redis } from '../infra/redis.ts';

/** Gives the store of one limiter by its name; undefined means express-rate-limit's memory store. */
export type LimiterStores = (name: string) => Store | undefined;

/** Counters in Redis under `<prefix>rl:<limiter name>:<key>`, shared by every process. */
export function redisLimiterStores(redis: Redis, prefix: string): LimiterStores {
  return (name) =>
    new RedisStore({
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<number>,
      prefix: `${prefix}rl:${name}:`,
    });
}

// The stores of the app being built: createApp builds its routers synchronously inside
// withLimiterStores, so every limiter() of one app takes its store from the one factory.
let building: { stores: LimiterStores | undefined; seen: Map<string, number> } | null = null;

export function withLimiterStores<T>(stores: LimiterStores | undefined, build: () => T): T {
  const outer = building;
  building = { stores, seen: new Map() };
  try {
    return build();
  } finally {
    building = outer;
  }
}

/**
 * The store every limiter uses (memory without Redis). Limiters without an explicit name are named
 * from their settings plus their order among limiters with the same settings: the same code names
 * them the same in every process, so their counters meet in Redis.
 */
export function limiterStore(name: string): Store | undefined {
  if (!building) return undefined;
  const n = (building.seen.get(name) ?? 0) + 1;
  building.seen.set(name, n);
  return building.stores?.(n === 1 ? name : `${name}#${n}`);
}

export function limiter(opts: { name?: string; windowMs: number; limit: number; message: string; key?: (req: Request) => string; skipSuccessfulRequests?: boolean }): RequestHandler {
  const name = opts.name ?? `${opts.windowMs}-${opts.limit}-${crypto.createHash('sha1').update(opts.message).digest('hex').slice(0, 8)}`;
  const store = limiterStore(name);
  const options: Partial<Options> = {
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: opts.skipSuccessfulRequests ?? false,
    handler: (_req, res) => {
      res.status(429).json({ error: opts.message });
    },
  };
  if (opts.key) options.keyGenerator = opts.key;
  if (store) {
    options.store = store;
    // Redis unreachable: the request goes on unthrottled (express-rate-limit logs the error) rather
    // than failing; limits resume when Redis answers again.
    options.passOnStoreError = true;
  }
  return rateLimit(options);
}

export const clientIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * A per-account key from the first string among the body's `fields`, trimmed and lower-cased.
 * Anything that is not a string (an object, a number, a crafted `{ toString: "x" }`) counts as
 * empty: the key is built before validation, so it must never throw on hostile input.
 */
export function accountKey(prefix: string, ...fields: string[]): (req: Request) => string {
  return (req) => {
    const body: unknown = req.body;
    let value = '';
    if (body && typeof body === 'object') {
      for (const f of fields) {
        const v: unknown = (body as Record<string, unknown>)[f];
        if (typeof v === 'string') { value = v; break; }
      }
    }
    return `${prefix}:${value.trim().toLowerCase().slice(0, 254)}`;
  };
}
