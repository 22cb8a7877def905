// Rate limits answering 429 with a clear JSON message. Memory store: per process (see docs/decisions).
import { rateLimit, ipKeyGenerator, type Options } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';

export function limiter(opts: { windowMs: number; limit: number; message: string; key?: (req: Request) => string; skipSuccessfulRequests?: boolean }): RequestHandler {
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
