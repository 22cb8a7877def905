// Serves the built Astro site and the built portal as ordinary Express routes (decision 075): sirv
// sends the files with the .br/.gz variants made at build time (scripts/precompress.mjs), hashed assets
// cached for a year, pages revalidated by ETag; the host rules of docs/product/funnel.md#host-and-flag-variants pick the file
// for "/", "/thank-you" and "/onboarding-success".
import { type Request, type Response, type RequestHandler, Router } from 'express';
import compression from 'compression';
import sirv from 'sirv';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import type { AppConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MARKETING_DIST = path.join(repoRoot, 'marketing', 'dist');
export const PORTAL_DIST = path.join(repoRoot, 'portal', 'dist');
export type WebDirs = { marketing: string; portal: string };
export const BUILT_DIRS: WebDirs = { marketing: MARKETING_DIST, portal: PORTAL_DIST };

/** Paths the portal SPA owns (paths in one place; portal/src/app/paths.ts mirrors these). */
export const PORTAL_ROUTES = [
  '/login',
  '/dashboard',
  '/transfer-checkout',
  '/admin',
  '/training',
  '/training-admin-login',
  '/training-admin',
  '/dashboard/transfers',
  '/dashboard/results',
  '/dashboard/receipts/:orderId',
  '/admin/disputes',
  '/set-password',
  '/forgot-password',
  '/profile',
  '/confirm-email',
];

export type Variant = 'default' | 'go' | 'special';

/** Which funnel variant a request asks for: by host prefix first, else by query flag. */
export function variantFor(req: Pick<Request, 'hostname' | 'query'>, routing: AppConfig['routing']): Variant {
  const host = (req.hostname ?? '').toLowerCase();
  if (routing.ghlHostPrefix && host.startsWith(routing.ghlHostPrefix)) return 'special';
  if (routing.goHostPrefix && host.startsWith(routing.goHostPrefix)) return 'go';
  const flag = (name: string) => {
    const v = req.query[name];
    return v !== undefined && v !== '0' && v !== 'false';
  };
  if (flag(routing.specialFlag)) return 'special';
  if (flag(routing.surveyFlag)) return 'go';
  return 'default';
}

/** The built page file that answers a variant path, falling back to the default page. */
const VARIANT_FILES: Record<string, Record<Variant, string>> = {
  '/': { default: 'index.html', go: 'survey.html', special: 'special-survey.html' },
  '/thank-you': { default: 'thank-you.html', go: 'variants/thank-you-go.html', special: 'variants/thank-you-special.html' },
  '/onboarding-success': { default: 'onboarding-success.html', go: 'onboarding-success.html', special: 'variants/onboarding-success-special.html' },
};

// ---------------------------------------------------------------------------------------------
// Inline scripts of the built pages (Astro's small hydration scripts), as CSP hashes, so script-src
// needs no 'unsafe-inline'. Read once when the app is built (the built files are read once too: a
// rebuild is served after a restart, as `npm start` does).

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

function htmlFiles(dir: string): string[] {
  try {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** sha256 hashes (base64) of every inline script in the built site and portal pages. */
export function inlineScriptHashes(dirs: WebDirs = BUILT_DIRS): string[] {
  const hashes = new Set<string>();
  for (const f of [...htmlFiles(dirs.marketing), ...htmlFiles(dirs.portal)]) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(INLINE_SCRIPT)) {
      if (/\bsrc\s*=/i.test(m[1] ?? '') || !(m[2] ?? '').length) continue;
      hashes.add(crypto.createHash('sha256').update(m[2]!, 'utf8').digest('base64'));
    }
  }
  return [...hashes].sort();
}

// ---------------------------------------------------------------------------------------------
// The routes

/** Hashed file names (Astro's _astro/, Vite's app-assets/): a new build makes new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: stored, but revalidated (ETag, 304) on every use, so a release shows at once. */
const PAGE = 'no-cache';
/** The site's other files (favicon, images): names without a hash. */
const PLAIN_FILE = 'public, max-age=3600';

/**
 * A built folder's files through sirv, GET and HEAD only: the file list and headers are read once at
 * start, a request is a lookup; the .br or .gz variant when Accept-Encoding allows (Vary set); a weak
 * ETag (size and mtime) answered with 304. A folder that is not built answers nothing (all 404).
 */
function files(dir: string, cacheControl: (page: boolean) => string): RequestHandler {
  if (!fs.existsSync(dir)) return (_req, _res, next) => next();
  const serve = sirv(dir, {
    etag: true,
    brotli: true,
    gzip: true,
    // sirv has just set Vary: Accept-Encoding (after its 304 check): a page chosen by host adds Host.
    setHeaders: (res) => void ((res as Response).locals.byHost && res.setHeader('Vary', 'Accept-Encoding, Host')),
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Set before sirv answers, so its 304 carries them too; a miss takes them back.
    const page = path.extname(req.path) === '' || req.path.endsWith('.html');
    res.setHeader('Cache-Control', cacheControl(page));
    if (page) res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (res.locals.byHost) res.setHeader('Vary', 'Accept-Encoding, Host');
    serve(req, res, () => {
      for (const h of ['Cache-Control', 'Content-Type', 'Vary']) res.removeHeader(h);
      next();
    });
  };
}

/** Answers with `file` (a path inside the handler's folder); when there is none the request goes on unchanged. */
function serveAs(handler: RequestHandler, file: (req: Request) => string | undefined, byHost = false): RequestHandler {
  return (req, res, next) => {
    const target = file(req);
    if (!target) return next();
    const url = req.url;
    req.url = target;
    // The variants differ by Host as well: a shared cache keyed on the path alone must not mix them.
    if (byHost) res.locals.byHost = true;
    handler(req, res, () => {
      req.url = url;
      next();
    });
  };
}

/**
 * The site and the portal: hashed assets, the variant pages, the portal's routes (its index.html) and
 * the site's pages by clean path (`/standard-pricing` is standard-pricing.html). Paths under /api/ pass
 * by. Mount notFoundPage() after everything else.
 */
export function webRoutes(config: AppConfig, dirs: WebDirs = BUILT_DIRS): Router {
  const r = Router();
  r.use('/api', (_req, _res, next) => next('router'));
  r.use(
    '/_astro',
    files(path.join(dirs.marketing, '_astro'), () => IMMUTABLE),
  );
  r.use(
    '/app-assets',
    files(path.join(dirs.portal, 'app-assets'), () => IMMUTABLE),
  );

  const site = files(dirs.marketing, (page) => (page ? PAGE : PLAIN_FILE));
  // A variant page that was not built falls back to the default page.
  const variants = new Map(
    Object.entries(VARIANT_FILES).map(([route, byVariant]) => {
      const built = (f: string) => (fs.existsSync(path.join(dirs.marketing, f)) ? f : byVariant.default);
      return [route, { default: byVariant.default, go: built(byVariant.go), special: built(byVariant.special) }];
    }),
  );
  r.get(
    [...variants.keys()],
    // Express matches routes case-insensitively and with a trailing slash.
    serveAs(
      site,
      (req) => {
        const byVariant = variants.get(req.path.toLowerCase().replace(/(.)\/$/, '$1'));
        return byVariant && `/${byVariant[variantFor(req, config.routing)]}`;
      },
      true,
    ),
  );
  r.get(
    PORTAL_ROUTES,
    serveAs(
      files(dirs.portal, () => PAGE),
      () => '/index.html',
    ),
  );
  r.use(site);
  return r;
}

/** Anything no route answered: the spec's 404 page with a real 404 status (compressed when asked). */
export function notFoundPage(dirs: WebDirs = BUILT_DIRS): RequestHandler[] {
  const page = path.join(dirs.marketing, '404.html');
  const built = fs.existsSync(page);
  return [
    compression(),
    (req, res) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && built) {
        res.status(404).sendFile(page, { cacheControl: false, headers: { 'Cache-Control': PAGE } });
        return;
      }
      res.status(404).type('text/plain').send('Page Not Found');
    },
  ];
}
