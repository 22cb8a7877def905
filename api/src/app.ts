// createApp(deps): builds the Express app (API, webhooks, built site and portal). No listen().
import express, { type Express } from 'express';
import http, { type Server } from 'node:http';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import { createLogger, logSerializers } from './logger.ts';
import type { AppDeps } from './deps.ts';
import { systemClock } from './clock.ts';
import { sessionMiddleware, sessionLoader, sessionOptions } from './middleware/session.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { notFound } from './errors.ts';
import { apiRoutes } from './routes/index.ts';
import { webRoutes, notFoundPage, inlineScriptHashes, BUILT_DIRS, type WebDirs } from './web.ts';
import { withLimiterStores, redisLimiterStores, stripeWebhookLimit, STRIPE_WEBHOOK_RATE_LIMIT } from './middleware/rate-limit.ts';
import { inProcessRunner } from './jobs/runner.ts';
import { registerCoreJobs } from './jobs/core.ts';
import { createStorage } from './storage/index.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { rememberWrites } from './db/read-routing.ts';
import { openapiRoutes } from './routes/openapi.routes.ts';

export const JSON_BODY_LIMIT = '100kb';

export type CreateAppInput = Omit<AppDeps, 'clock' | 'logger' | 'jobs' | 'storage'> &
  Partial<Pick<AppDeps, 'clock' | 'logger' | 'jobs' | 'storage'>> & {
    /** Serve the built site and portal (web.ts), from these folders when given; tests of the API alone leave it off. */
    web?: boolean | WebDirs;
  };

// Stripe.js and its frames (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE_CSP = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * Only the site itself, plus Stripe when its keys are configured and the embed hosts configured for
 * the public pages (booking widgets, survey forms, the form-embed script). Inline scripts are allowed
 * by hash (the built pages' own, see inlineScriptHashes), never by 'unsafe-inline'. Styles keep
 * 'unsafe-inline' (style attributes of the pages and React components; no script runs from them).
 * Images and audio may come from any https host (training thumbnails, call recordings).
 */
export function contentSecurityPolicy(config: AppConfig, scriptHashes: readonly string[] = []) {
  const stripe = config.stripe.testMode ? { script: [], frame: [], connect: [] } : STRIPE_CSP;
  const e = config.embeds;
  const frames = [...new Set([e.bookingWidgetUrl, e.websiteBookingUrl, e.onboardingSurveyUrl, e.specialSurveyUrl].flatMap(originOf))];
  const embedScript = originOf(e.formEmbedScriptUrl);
  const scriptSrc = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`), ...stripe.script, ...embedScript];
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': scriptSrc,
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'", ...stripe.connect, ...embedScript],
      'frame-src': ["'self'", ...stripe.frame, ...frames, ...embedScript],
      'form-action': ["'self'"],
      'upgrade-insecure-requests': config.isProduction ? [] : null,
    },
  };
}

export { STRIPE_WEBHOOK_RATE_LIMIT };

export function createApp(input: CreateAppInput): Express {
  const logger = input.logger ?? createLogger(input.config.logLevel);
  const deps: AppDeps = {
    ...input,
    clock: input.clock ?? systemClock,
    logger,
    jobs: input.jobs ?? inProcessRunner(logger),
    storage: input.storage ?? createStorage(input.config.storage, { db: input.db, uploadDir: input.config.uploadDir }),
  };
  registerCoreJobs(deps);
  // Every limiter built below takes its store from here: Redis when connected, else memory.
  const stores = deps.redis ? redisLimiterStores(deps.redis, deps.config.redis.prefix) : undefined;
  return withLimiterStores(stores, () => buildApp(deps, input));
}

function buildApp(deps: AppDeps, input: CreateAppInput): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names decide req.ip; reached directly, X-Forwarded-For is ignored, so
  // a client cannot pick its own rate-limit key (decision 040).
  app.set('trust proxy', config.trustProxy);
  app.set('deps', deps);

  // The built site and portal (web.ts); their inline scripts are allowed by hash.
  const web = input.web === false ? null : typeof input.web === 'object' ? input.web : BUILT_DIRS;
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(config, web === null ? [] : inlineScriptHashes(web)),
      hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // The built site and portal (web.ts), before the API's middleware: a page or an asset needs no body
  // parser, session or compression (their .br/.gz are made at build time). /api/ passes through.
  if (web !== null) app.use(webRoutes(config, web));
  app.use(openapiRoutes(deps));
  // API JSON is compressed per response.
  app.use('/api', compression());
  // A line per API request at LOG_LEVEL info (or more verbose); above info the request logger is not
  // mounted at all (it costs a child logger per request; errors are logged by errorHandler).
  if (config.env !== 'test' && logger.isLevelEnabled('info')) app.use('/api', pinoHttp({ logger, serializers: logSerializers }));

  // Webhooks read the raw body (signatures are over the exact bytes); everything else is JSON.
  app.use('/api/stripe/webhook', stripeWebhookLimit());
  app.use(['/api/stripe/webhook'], express.raw({ type: '*/*', limit: '1mb' }));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));

  const sessions = sessionLoader(sessionOptions(deps));
  app.use('/api', sameOrigin(deps), sessionMiddleware(deps, sessions), rememberWrites(deps), apiRoutes(deps));
  app.use('/api', (_req, _res, next) => next(notFound()));
  if (web !== null) app.use(notFoundPage(web));
  app.use(errorHandler(logger));
  return app;
}

/**
 * Bounds slow and idle connections (a slow-header flood must not exhaust file descriptors): the whole
 * header within headersTimeoutMs, the whole request within requestTimeoutMs, idle keep-alive sockets
 * closed after keepAliveTimeoutMs (keep it above the load balancer's idle timeout), and at most
 * maxConnections sockets at once (further ones are closed at once).
 */
export function createHttpServer(app: Express, config: Pick<AppConfig, 'server'>): Server {
  const s = config.server;
  const server = http.createServer(
    {
      headersTimeout: s.headersTimeoutMs,
      requestTimeout: Math.max(s.requestTimeoutMs, s.headersTimeoutMs),
      keepAliveTimeout: s.keepAliveTimeoutMs,
      // How often node:http looks for sockets past those timeouts (its default, 30 s, lets a flood pile up).
      connectionsCheckingInterval: Math.min(1000, Math.floor(s.headersTimeoutMs / 2)),
    },
    app,
  );
  server.maxConnections = s.maxConnections;
  return server;
}

export function depsOf(app: Express): AppDeps {
  return app.get('deps') as AppDeps;
}

export type { Db };
