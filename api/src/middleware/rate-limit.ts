// Every rate limit and slow-down of the API is defined here (keys, counts, windows), on
// express-rate-limit / express-slow-down. Limits answer 429 with a clear JSON message. Counters live in
// Redis when REDIS_URL is set (one count for the whole fleet), else in this process's memory
// (decision 055). Addresses come from req.ip, which honours only the proxies TRUST_PROXY trusts (decision 040).
import crypto from 'node:crypto';
import { rateLimit, ipKeyGenerator, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { slowDown } from 'express-slow-down';
import type { Request, Response, RequestHandler } from 'express';
import { FORM_WINDOW_MS, ACCOUNT_FORM_LIMIT, ACCOUNT_FORM_RATE_MESSAGE, PARTNER_FORM_LIMIT, PARTNER_FORM_RATE_MESSAGE } from '../services/funnel/limits.ts';
import type { Redis } from '../infra/redis.ts';
import { refusalBody } from '../errors.ts';

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

interface LimiterOptions {
  /** The limiter's name in the shared store (default: from its settings). */
  name?: string;
  windowMs: number;
  limit: number;
  message: string;
  key?: (req: Request, res: Response) => string;
  skip?: (req: Request) => boolean;
  skipSuccessfulRequests?: boolean;
  /** Count successful answers only (a limit on what succeeds, such as logins that open a session). */
  skipFailedRequests?: boolean;
  /** With skipSuccessfulRequests: which answers do not count (default: status below 400). */
  requestWasSuccessful?: (req: Request, res: Response) => boolean;
}

export function limiter(opts: LimiterOptions): RequestHandler {
  const name = opts.name ?? `${opts.windowMs}-${opts.limit}-${crypto.createHash('sha1').update(opts.message).digest('hex').slice(0, 8)}`;
  const store = limiterStore(name);
  const options: Partial<Options> = {
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: opts.skipSuccessfulRequests ?? false,
    skipFailedRequests: opts.skipFailedRequests ?? false,
    handler: (_req, res) => {
      res.status(429).json(refusalBody(opts.message));
    },
  };
  if (opts.key) options.keyGenerator = opts.key;
  if (opts.skip) options.skip = opts.skip;
  if (opts.requestWasSuccessful) options.requestWasSuccessful = opts.requestWasSuccessful;
  if (store) {
    options.store = store;
    // Redis unreachable: the request goes on unthrottled (express-rate-limit logs the error) rather
    // than failing; limits resume when Redis answers again.
    options.passOnStoreError = true;
  }
  return rateLimit(options);
}

export const clientIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

/** The session's user, for per-user limits (only mounted where a user is required or present). */
const sessionUserKey = (req: Request): string => `user:${req.session?.userId ?? 'none'}`;
const noUser = (req: Request): boolean => req.session?.userId === undefined;

/**
 * A per-account key from the first string among the body's `fields`, trimmed and lower-cased.
 * Anything that is not a string (an object, a number, a crafted `{ toString: "x" }`) counts as
 * empty: the key is built before validation, so it must never throw on hostile input.
 */
export function accountKey(prefix: string, ...fields: string[]): (req: Request) => string {
  return (req) => `${prefix}:${bodyString(req, fields).trim().toLowerCase().slice(0, 254)}`;
}

function bodyString(req: Request, fields: string[]): string {
  const body: unknown = req.body;
  if (body && typeof body === 'object') {
    for (const f of fields) {
      const v: unknown = (body as Record<string, unknown>)[f];
      if (typeof v === 'string') return v;
    }
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Login (portal and training admin): failures, keyed on the RESOLVED account (res.locals.loginAccount,
// set by the route from the account the identifier names), so no spelling of an e-mail gets a fresh count;
// and successes per account, since each one opens a session row.

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_RATE_MESSAGE = 'Too many login attempts. Please wait 15 minutes and try again.';
/** Failures per address (a stranger guessing many accounts): 429, which only stops that address. */
export const LOGIN_FAILURES_PER_ADDRESS = 30;
/** Failures per account from one address: 429 for that address only; the agent's own address is unaffected. */
export const LOGIN_FAILURES_PER_ACCOUNT_ADDRESS = 10;
/** Failures per account from all addresses: after this many, every attempt on the account is slowed, never refused. */
export const LOGIN_SLOW_AFTER = 10;
export const LOGIN_SLOW_STEP_MS = 1000;
export const LOGIN_SLOW_MAX_MS = 10_000;
/**
 * Successful logins per account, from all addresses (issue 27 L3): each opens a session row. A person
 * signs in a few times an hour; one run of the Playwright journeys signs the demo admin in about 40 times.
 * Only someone who has the password can spend it, so it locks out no one else.
 */
export const LOGIN_SUCCESSES_PER_ACCOUNT = 60;

const loginAccount = (res: Response): string => String(res.locals.loginAccount ?? 'unknown');

/** The limits of a login route; its resolver sets res.locals.loginAccount before them. */
export function loginLimits(): RequestHandler[] {
  return [
    limiter({ windowMs: LOGIN_WINDOW_MS, limit: LOGIN_FAILURES_PER_ADDRESS, message: LOGIN_RATE_MESSAGE, key: clientIp, skipSuccessfulRequests: true }),
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
      message: LOGIN_RATE_MESSAGE,
      skipSuccessfulRequests: true,
      key: (req, res) => `acct-ip:${loginAccount(res)}:${clientIp(req)}`,
    }),
    slowDown({
      store: limiterStore('login-slow-account'),
      passOnStoreError: true,
      windowMs: LOGIN_WINDOW_MS,
      delayAfter: LOGIN_SLOW_AFTER,
      delayMs: (used) => Math.min((used - LOGIN_SLOW_AFTER) * LOGIN_SLOW_STEP_MS, LOGIN_SLOW_MAX_MS),
      maxDelayMs: LOGIN_SLOW_MAX_MS,
      skipSuccessfulRequests: true,
      keyGenerator: (_req, res) => `acct:${loginAccount(res)}`,
    }),
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_SUCCESSES_PER_ACCOUNT,
      message: LOGIN_RATE_MESSAGE,
      skipFailedRequests: true,
      key: (_req, res) => `acct-ok:${loginAccount(res)}`,
    }),
  ];
}

/**
 * The training admin's login (its own identities): the portal login's limits exactly, on the training
 * admin the e-mail names (res.locals.loginAccount `training:<id>`), each with its own counters.
 */
export const trainingAdminLoginLimits = (): RequestHandler[] => loginLimits();

// ---------------------------------------------------------------------------------------------
// Public forms

export const SET_PASSWORD_RATE_MESSAGE = 'Too many attempts from this address. Please wait 15 minutes and try again.';

/** The account-creating forms (/api/survey, /api/ringcloud-survey), per address. */
export const accountFormLimit = () => limiter({ windowMs: FORM_WINDOW_MS, limit: ACCOUNT_FORM_LIMIT, message: ACCOUNT_FORM_RATE_MESSAGE, key: clientIp });
export const SIGNUP_GLOBAL_RATE_MESSAGE = 'We are receiving many sign-ups right now. Please try again in a minute.';

/**
 * New accounts from the public sign-up (/api/survey) for the whole site (issue 35 A1): at most
 * config.signupsPerMinute a minute, whatever the address (one count per app, in Redis for the fleet), so
 * a flood from many addresses cannot queue hundreds of accounts and their mail. Refused input does not
 * count. (The RingCloud survey makes no account and sends no mail before a payment: its per-address limit stays alone.)
 */
export const signupGlobalLimit = perAppWith((config: { signupsPerMinute: number }) => [
  limiter({
    name: 'signup-all',
    windowMs: 60_000,
    limit: config.signupsPerMinute,
    message: SIGNUP_GLOBAL_RATE_MESSAGE,
    key: () => 'all',
    skipFailedRequests: true,
  }),
]);

/** The set-password form: failures per address. */
export const setPasswordLimit = () =>
  limiter({ windowMs: FORM_WINDOW_MS, limit: ACCOUNT_FORM_LIMIT, message: SET_PASSWORD_RATE_MESSAGE, key: clientIp, skipSuccessfulRequests: true });
/** The partner application (uploads), per address; the byte quotas are in the uploads service. */
export const partnerFormLimit = () => limiter({ windowMs: FORM_WINDOW_MS, limit: PARTNER_FORM_LIMIT, message: PARTNER_FORM_RATE_MESSAGE, key: clientIp });

// ---------------------------------------------------------------------------------------------
// Orders and the payment provider

export const CHECKOUT_RATE_MESSAGE = 'Too many payment attempts. Please wait a few minutes and try again.';
export const ORDER_WINDOW_MS = 15 * 60 * 1000;
/** Order-creating requests per address (the funnel checkouts are anonymous; offices share addresses). */
export const ORDERS_PER_ADDRESS = 100;
/** Order-creating requests per logged-in user, all kinds together. */
export const ORDERS_PER_USER = 20;
/** Confirm and cancel of one's own orders (each may ask the provider), per user and per address. */
export const ORDER_FOLLOW_UPS_PER_USER = 60;
export const ORDER_FOLLOW_UPS_PER_ADDRESS = 300;

/** perApp for limiters built from the app's config (the deps object is the key). */
function perAppWith<C extends object>(make: (config: C) => RequestHandler[]): (deps: { config: C }) => RequestHandler[] {
  const made = new WeakMap<object, RequestHandler[]>();
  return (deps) => {
    let handlers = made.get(deps);
    if (!handlers) made.set(deps, (handlers = make(deps.config)));
    return handlers;
  };
}

/** One set of limiter instances per app (keyed by its deps), shared by every router that mounts it. */
function perApp(make: () => RequestHandler[]): (app: object) => RequestHandler[] {
  const made = new WeakMap<object, RequestHandler[]>();
  return (app) => {
    let handlers = made.get(app);
    if (!handlers) made.set(app, (handlers = make()));
    return handlers;
  };
}

/**
 * Every route that creates an order (and a PaymentIntent), all kinds counted together: per address,
 * and per user when logged in. `app`: the app's deps (one count per app).
 */
export const orderLimits = perApp(() => [
  limiter({ windowMs: ORDER_WINDOW_MS, limit: ORDERS_PER_ADDRESS, message: CHECKOUT_RATE_MESSAGE, key: (req) => `order-ip:${clientIp(req)}` }),
  limiter({ windowMs: ORDER_WINDOW_MS, limit: ORDERS_PER_USER, message: CHECKOUT_RATE_MESSAGE, key: (req) => `order-${sessionUserKey(req)}`, skip: noUser }),
]);

/** Confirm/cancel of the dashboard's own orders (one count per app, like orderLimits). */
export const orderFollowUpLimits = perApp(() => [
  limiter({ windowMs: ORDER_WINDOW_MS, limit: ORDER_FOLLOW_UPS_PER_ADDRESS, message: CHECKOUT_RATE_MESSAGE, key: (req) => `follow-ip:${clientIp(req)}` }),
  limiter({
    windowMs: ORDER_WINDOW_MS,
    limit: ORDER_FOLLOW_UPS_PER_USER,
    message: CHECKOUT_RATE_MESSAGE,
    key: (req) => `follow-${sessionUserKey(req)}`,
    skip: noUser,
  }),
]);

export const BY_INTENT_WINDOW_MS = 60_000;
/** GET /api/orders/by-intent/:id per address (a return page polls a few times). */
export const BY_INTENT_PER_ADDRESS = 120;
/** The same per intent id, whatever the address. */
export const BY_INTENT_PER_INTENT = 30;
export const BY_INTENT_RATE_MESSAGE = 'Too many requests for this order. Please wait a minute and try again.';

export function byIntentLimits(): RequestHandler[] {
  return [
    limiter({ windowMs: BY_INTENT_WINDOW_MS, limit: BY_INTENT_PER_ADDRESS, message: BY_INTENT_RATE_MESSAGE, key: (req) => `intent-ip:${clientIp(req)}` }),
    limiter({
      windowMs: BY_INTENT_WINDOW_MS,
      limit: BY_INTENT_PER_INTENT,
      message: BY_INTENT_RATE_MESSAGE,
      // The GET names the intent in the path, POST /orders/check in the body: each intent counts apart.
      key: (req) => `intent:${String(req.params.id ?? (req.body as { paymentIntentId?: unknown } | undefined)?.paymentIntentId ?? '').slice(0, 255)}`,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Webhooks, per address: generous (the senders retry a 429 later), but not unbounded.

export const STRIPE_WEBHOOK_RATE_LIMIT = { windowMs: 60_000, limit: 600 };
export const WEBHOOK_RATE_LIMIT = { windowMs: 60_000, limit: 300 };
export const TRANSFER_CALLBACK_RATE_LIMIT = { windowMs: 60_000, limit: 600 };

export const stripeWebhookLimit = () => limiter({ ...STRIPE_WEBHOOK_RATE_LIMIT, key: clientIp, message: 'Too many requests' });
export const voiceWebhookLimit = () => limiter({ ...WEBHOOK_RATE_LIMIT, key: clientIp, message: 'Too many requests' });
export const transferCallbackLimit = () => limiter({ ...TRANSFER_CALLBACK_RATE_LIMIT, key: clientIp, message: 'Too many requests' });

// ---------------------------------------------------------------------------------------------
// Personal API tokens: a wrong, revoked or dead token (its owner deactivated, or a password change since)
// answers 401; those answers count per address, so a stranger cannot try tokens without end. Requests
// that were not refused as unauthenticated do not count.

export const INVALID_TOKEN_RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 20 };
export const INVALID_TOKEN_RATE_MESSAGE = 'Too many requests with an invalid API token. Try again in 15 minutes.';

export const invalidTokenLimit = () =>
  limiter({
    name: 'invalid-api-token',
    ...INVALID_TOKEN_RATE_LIMIT,
    message: INVALID_TOKEN_RATE_MESSAGE,
    key: (req) => `ip:${clientIp(req)}`,
    skip: (req) => !req.headers.authorization,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
  });
