// Environment parsed once at start with zod; one message names every bad or missing variable.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString,
  // A MariaDB replica of DATABASE_URL for the lists, reports and exports (decision 238).
  READ_DATABASE_URL: optionalString,
  // Read by knexfile.ts when the database is opened; checked here so a bad value stops the start.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
  DB_TIMEOUT_MS: z.coerce.number().int().min(0).optional(),
  SESSION_SECRET: optionalString,
  PUBLIC_ORIGIN: optionalString.pipe(z.url({ error: 'must be a URL such as https://example.com' }).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its API calls (unset: Stripe itself). For a rehearsal against a Stripe-compatible emulator. */
  STRIPE_API_URL: optionalString.pipe(z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
  // Test-payment mode only: where the Stripe emulator (tools/stripe-emulator) listens; `npm start` sets it.
  STRIPE_EMULATOR_URL: optionalString.pipe(z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
  BRIGHTCALL_API_KEY: optionalString,
  BRIGHTCALL_WIDGET_KEY: optionalString,
  BRIGHTCALL_VERIFY_TOKEN: optionalString,
  TRANSFER_API_KEY: optionalString,
  GO_HOST_PREFIX: z.string().default('go.'),
  GHL_HOST_PREFIX: z.string().default('ghl.'),
  SURVEY_FLAG: z.string().default('survey'),
  SPECIAL_FLAG: z.string().default('special'),
  UPLOAD_DIR: optionalString,
  REDIS_URL: optionalString,
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" or "-" (at most 64)')
    .default('tm:'),
  STORAGE: z.enum(['local', 'db']).optional(),
  DISPUTE_CLASSIFIER: z.enum(['rules', 'none'], { error: 'rules (the default) or none' }).default('rules'),
  RESERVATION_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  PAYMENT_CHECK_MS: z.coerce.number().int().min(100).default(10_000),
  PENDING_ORDER_TTL_MINUTES: z.coerce.number().int().min(5).max(43_200).default(1440),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Third-party embeds of the public pages (build-time for the pages, read here too so the
  // Content-Security-Policy allows exactly their hosts; see docs/funnel-config.md).
  PUBLIC_BOOKING_WIDGET_URL: optionalString,
  PUBLIC_WEBSITE_BOOKING_URL: optionalString,
  PUBLIC_ONBOARDING_SURVEY_URL: optionalString,
  PUBLIC_SPECIAL_SURVEY_URL: optionalString,
  PUBLIC_FORM_EMBED_SCRIPT_URL: optionalString,
  /** Test-only: shorten the portal's inactivity timeout (milliseconds). Ignored in production. */
  INACTIVITY_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  /** Outgoing mail: smtp://user:pass@host:587 (smtps:// for implicit TLS). Unset: .eml files under data/mail/. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:pass@host:port or smtps://...')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  /** The outbox's sending rate (issue 27 M1): at most MAIL_OUTBOX_BATCH messages every MAIL_OUTBOX_EVERY_MS, security mail first. */
  MAIL_OUTBOX_BATCH: z.coerce.number().int().min(1).max(10_000).default(20),
  MAIL_OUTBOX_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  /** New sign-ups (agent-lab and RingCloud surveys) per minute for the whole site, beside the per-address limit (issue 35 A1). */
  SIGNUPS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  PUBLIC_CONTACT_EMAIL: optionalString,
  PUBLIC_CONTACT_PHONE: optionalString,
  /** The reverse proxies in front of the app: a hop count, or addresses/subnets (unset: none, X-Forwarded-For is ignored). */
  TRUST_PROXY: optionalString,
  /** node:http limits on slow and idle connections (see README beside the load balancer). */
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4_000),
  /** Partner-application uploads: bytes per address per day, bytes kept in all, days kept. */
  UPLOAD_QUOTA_PER_ADDRESS_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(100 * 1024 * 1024),
  UPLOAD_QUOTA_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024 * 1024),
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A replica for the lists, reports and exports (decision 238); unset: everything reads the primary. */
  readDatabaseUrl: string | undefined;
  sessionSecret: string;
  publicOrigin: string;
  /** PUBLIC_ORIGIN was set (else publicOrigin is the http://localhost:PORT default). */
  publicOriginConfigured: boolean;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret: string;
    testMode: boolean;
    /** STRIPE_API_URL: another Stripe-compatible API for the SDK (a rehearsal's emulator); unset: Stripe. */
    apiUrl?: string;
    /** emulatorUrl: test-payment mode's Stripe emulator (tools/stripe-emulator), never used with keys. */
    emulatorUrl?: string;
  };
  brightcall: { apiKey?: string; widgetKey?: string; verifyToken?: string };
  transferApiKey?: string;
  routing: { goHostPrefix: string; ghlHostPrefix: string; surveyFlag: string; specialFlag: string };
  uploadDir: string;
  dataDir: string;
  /** Redis for rate limits and jobs (REDIS_URL); unset: memory stores and an in-process job runner. */
  redis: { url?: string; prefix: string };
  /** Where uploaded files live: this machine's disk, or the database (every process reaches it). */
  storage: 'local' | 'db';
  /** What decides a transfer dispute at filing where the evidence settles it: the rules, or none (every dispute to an admin). */
  disputeClassifier: 'rules' | 'none';
  /** Period of the reservation sweep job (once per period for the whole fleet). */
  reservationSweepMs: number;
  /** Period of the payment-check job (pending orders whose webhook has not arrived, asked at the provider). */
  paymentCheckMs: number;
  /** A pending (unpaid) order older than this is expired by the stale-order job. */
  pendingOrderTtlMs: number;
  /** Embed URLs of the public pages (http(s) only; anything else counts as unset, as in the build). */
  embeds: { bookingWidgetUrl?: string; websiteBookingUrl?: string; onboardingSurveyUrl?: string; specialSurveyUrl?: string; formEmbedScriptUrl?: string };
  logLevel: string;
  inactivityTimeoutMs: number;
  /** Outgoing mail (decision 045): SMTP when smtpUrl is set, else .eml files under mailDir. */
  mail: { smtpUrl?: string; from: string; mailDir: string; supportEmail: string; supportPhone: string; outboxBatch: number; outboxEveryMs: number };
  /** Express's `trust proxy`: false (reached directly), a hop count, or a list of proxy addresses/subnets. */
  trustProxy: false | number | string;
  server: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  uploads: { perAddressBytes: number; totalBytes: number; retentionDays: number };
  /** New sign-ups per minute, all addresses together (SIGNUPS_PER_MINUTE). */
  signupsPerMinute: number;
  /**
   * CRM delivery webhooks (decision 196). guard: refuse private, loopback, link-local and other
   * non-public addresses (checked on the address each connection uses) and plain http; on in production,
   * off in development and tests (a local receiver), which may turn it on. timeoutMs: one try's limit;
   * everyMs and batch: the delivery job's period and deliveries per run.
   */
  webhooks: { guard: boolean; timeoutMs: number; everyMs: number; batch: number };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or 0 = none; a hop count; or comma-separated addresses, subnets (CIDR) and loopback/linklocal/uniquelocal. */
export function parseTrustProxy(v: string | undefined): false | number | string | { problem: string } {
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const parts = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ok = (p: string) => {
    if (PROXY_NAMES.has(p)) return true;
    const [addr, bits, extra] = p.split('/');
    if (extra !== undefined || !addr || net.isIP(addr) === 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIP(addr) === 4 ? 32 : 128));
  };
  if (!parts.length || !parts.every(ok)) {
    return {
      problem:
        'TRUST_PROXY: a number of proxy hops (1 behind one load balancer), or proxy addresses/subnets such as 10.0.0.0/8,loopback (never "true": anyone could then choose their address)',
    };
  }
  return parts.join(',');
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_INACTIVITY_MS = 10 * 60 * 1000;

/** An embed URL as the pages read it: only http(s) URLs count. */
function embedUrl(v: string | undefined): string | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a secret kept under data/ for development, creating it the first time. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first run */
  }
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, opts: { dataDir?: string } = {}): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = opts.dataDir ?? path.resolve(process.cwd(), 'data');

  if (e.DATABASE_URL && !/^(mysql2?:\/\/|sqlite:)/.test(e.DATABASE_URL)) {
    problems.push('DATABASE_URL: must start with mysql:// (MySQL/MariaDB)');
  }
  if (e.READ_DATABASE_URL && !/^mysql2?:\/\//.test(e.READ_DATABASE_URL)) problems.push('READ_DATABASE_URL: must start with mysql:// (a MariaDB replica)');
  if (e.READ_DATABASE_URL && !e.DATABASE_URL) problems.push('READ_DATABASE_URL: only with DATABASE_URL (the primary it replicates)');
  if (e.SESSION_SECRET && e.SESSION_SECRET.length < 32) problems.push('SESSION_SECRET: must be at least 32 characters');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object') problems.push(trustProxy.problem);
  if (isProduction) {
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (at least 32 characters)');
    if (!e.DATABASE_URL || !/^mysql2?:\/\//.test(e.DATABASE_URL)) problems.push('DATABASE_URL: required in production and must be mysql://...');
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required in production');
    if (!e.STRIPE_PUBLISHABLE_KEY) problems.push('STRIPE_PUBLISHABLE_KEY: required in production');
    if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production');
    if (!e.PUBLIC_ORIGIN) problems.push('PUBLIC_ORIGIN: required in production (https://your-domain)');
    if (!e.REDIS_URL) problems.push('REDIS_URL: required in production (redis://host:6379): rate limits and jobs are shared by every process');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production (smtp://user:pass@host:587)');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) problems.push('STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
  if (e.STRIPE_API_URL && !/^https?:\/\//.test(e.STRIPE_API_URL)) problems.push('STRIPE_API_URL: must start with http:// or https://');
  if (e.STRIPE_API_URL && !e.STRIPE_SECRET_KEY) problems.push('STRIPE_API_URL: only with STRIPE_SECRET_KEY (test-payment mode runs its own emulator)');
  if (e.REDIS_URL && !/^rediss?:\/\//.test(e.REDIS_URL)) problems.push('REDIS_URL: must start with redis:// or rediss://');
  if (problems.length) throw new ConfigError(problems);

  const testMode = !e.STRIPE_SECRET_KEY;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    readDatabaseUrl: e.READ_DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir, '.session-secret'),
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicOriginConfigured: Boolean(e.PUBLIC_ORIGIN),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? `whsec_${localSecret(dataDir, '.webhook-secret')}`,
      testMode,
      apiUrl: e.STRIPE_API_URL,
      emulatorUrl: testMode ? e.STRIPE_EMULATOR_URL : undefined,
    },
    brightcall: { apiKey: e.BRIGHTCALL_API_KEY, widgetKey: e.BRIGHTCALL_WIDGET_KEY, verifyToken: e.BRIGHTCALL_VERIFY_TOKEN },
    transferApiKey: e.TRANSFER_API_KEY,
    routing: { goHostPrefix: e.GO_HOST_PREFIX, ghlHostPrefix: e.GHL_HOST_PREFIX, surveyFlag: e.SURVEY_FLAG, specialFlag: e.SPECIAL_FLAG },
    uploadDir: e.UPLOAD_DIR ?? path.join(dataDir, 'uploads'),
    dataDir,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    storage: e.STORAGE ?? (isProduction ? 'db' : 'local'),
    disputeClassifier: e.DISPUTE_CLASSIFIER,
    reservationSweepMs: e.RESERVATION_SWEEP_MS,
    paymentCheckMs: e.PAYMENT_CHECK_MS,
    pendingOrderTtlMs: e.PENDING_ORDER_TTL_MINUTES * 60_000,
    embeds: {
      bookingWidgetUrl: embedUrl(e.PUBLIC_BOOKING_WIDGET_URL),
      websiteBookingUrl: embedUrl(e.PUBLIC_WEBSITE_BOOKING_URL),
      onboardingSurveyUrl: embedUrl(e.PUBLIC_ONBOARDING_SURVEY_URL),
      specialSurveyUrl: embedUrl(e.PUBLIC_SPECIAL_SURVEY_URL),
      formEmbedScriptUrl: embedUrl(e.PUBLIC_FORM_EMBED_SCRIPT_URL),
    },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `TransferLine <${e.PUBLIC_CONTACT_EMAIL ?? 'support@example.com'}>`,
      mailDir: path.join(dataDir, 'mail'),
      supportEmail: e.PUBLIC_CONTACT_EMAIL ?? 'support@example.com',
      supportPhone: e.PUBLIC_CONTACT_PHONE ?? '(800) 555-0199',
      outboxBatch: e.MAIL_OUTBOX_BATCH,
      outboxEveryMs: e.MAIL_OUTBOX_EVERY_MS,
    },
    inactivityTimeoutMs: !isProduction && e.INACTIVITY_TIMEOUT_MS ? e.INACTIVITY_TIMEOUT_MS : DEFAULT_INACTIVITY_MS,
    trustProxy: typeof trustProxy === 'object' ? false : trustProxy,
    server: {
      headersTimeoutMs: e.SERVER_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.SERVER_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.SERVER_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.SERVER_MAX_CONNECTIONS,
    },
    uploads: { perAddressBytes: e.UPLOAD_QUOTA_PER_ADDRESS_BYTES, totalBytes: e.UPLOAD_QUOTA_TOTAL_BYTES, retentionDays: e.UPLOAD_RETENTION_DAYS },
    webhooks: { guard: isProduction, timeoutMs: 10_000, everyMs: 2000, batch: 20 },
    signupsPerMinute: e.SIGNUPS_PER_MINUTE,
  };
}

/** A config for tests: everything a test app needs, nothing read from the machine's environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig(
    { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', STRIPE_WEBHOOK_SECRET: 'whsec_test_secret' },
    {
      dataDir: path.join(process.cwd(), 'data', 'test'),
    },
  );
  return { ...base, ...overrides };
}
