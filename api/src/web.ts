// Serves the built Astro site and the built portal through Express's static middleware (decision 190):
// `express.static` (serve-static) sends the files from disk with its ETag and Last-Modified, and
// express-static-gzip sends the .br/.gz made at build time (scripts/precompress.mjs) when the client
// accepts them. Hashed assets are cached for a year, pages revalidated on every use; the host rules of
// docs/product/funnel.md#host-and-flag-variants pick the file for "/", "/thank-you" and
// "/onboarding-success". In production nginx in front serves the same files (deploy/nginx.conf).
import { type Request, type Response, type RequestHandler, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import Negotiator from 'negotiator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { PORTAL_PATHS } from '@tm/shared/portal-paths';
import type { AppConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MARKETING_DIST = path.join(repoRoot, 'marketing', 'dist');
export const PORTAL_DIST = path.join(repoRoot, 'portal', 'dist');
export type WebDirs = { marketing: string; portal: string };
export const BUILT_DIRS: WebDirs = { marketing: MARKETING_DIST, portal: PORTAL_DIST };

/** Paths the portal SPA owns: the portal's own list (shared/src/portal-paths.ts). */
export const PORTAL_ROUTES = PORTAL_PATHS;

export type Variant = 'default' | 'go' | 'special';

/** A query flag is on when present and not "0" or "false". */
function flagOn(query: Request['query'], name: string): boolean {
  const v = query[name];
  return v !== undefined && v !== '0' && v !== 'false';
}

/** Which funnel variant a request asks for: by host prefix first, else by query flag. */
export function variantFor(req: Pick<Request, 'hostname' | 'query'>, routing: AppConfig['routing']): Variant {
  const host = (req.hostname ?? '').toLowerCase();
  if (routing.ghlHostPrefix && host.startsWith(routing.ghlHostPrefix)) return 'special';
  if (routing.goHostPrefix && host.startsWith(routing.goHostPrefix)) return 'go';
  const query = req.query; // parsed on each read (Express 5): once here
  if (flagOn(query, routing.specialFlag)) return 'special';
  if (flagOn(query, routing.surveyFlag)) return 'go';
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
// needs no 'unsafe-inline'. Read once when the app is built.

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The .html files of a built folder, as paths relative to it with '/' separators ([] when not built). */
function htmlFiles(dir: string): string[] {
  try {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).map((n) => n.split(path.sep).join('/')).filter((n) => n.endsWith('.html'));
  } catch {
    return [];
  }
}

/** sha256 hashes (base64) of every inline script in the built site and portal pages. */
export function inlineScriptHashes(dirs: WebDirs = BUILT_DIRS): string[] {
  const hashes = new Set<string>();
  for (const dir of [dirs.marketing, dirs.portal]) {
    for (const name of htmlFiles(dir)) {
      for (const m of fs.readFileSync(path.join(dir, name), 'utf8').matchAll(INLINE_SCRIPT)) {
        if (/\bsrc\s*=/i.test(m[1] ?? '') || !(m[2] ?? '').length) continue;
        hashes.add(crypto.createHash('sha256').update(m[2]!, 'utf8').digest('base64'));
      }
    }
  }
  return [...hashes].sort();
}

// ---------------------------------------------------------------------------------------------
// Caching and encodings

/** Hashed file names (Astro's _astro/, Vite's app-assets/): a new build makes new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: stored, but revalidated (ETag, 304) on every use, so a release shows at once. */
const PAGE = 'no-cache';
/** The site's other files (favicon, images): names without a hash. */
const PLAIN_FILE = 'public, max-age=3600';

const OFFERED = ['br', 'gzip', 'identity'];
const SERVER_ORDER = ['br', 'gzip'];

/**
 * The encoding to send (RFC 9110 §12.5.3), negotiated by `negotiator` (Express's own, through
 * `accepts`): the client's q-values decide, br before gzip where they tie; a coding refused with q=0
 * is never sent; no header, or nothing acceptable but identity, is identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(OFFERED, { preferred: SERVER_ORDER });
  return best === 'br' || best === 'gzip' ? best : undefined;
}

/** Set on res.locals when the file was chosen by host: a shared cache keyed on the path must not mix variants. */
const BY_HOST = 'webByHost';

/**
 * A built folder through express.static, with the .br/.gz beside its files. express-static-gzip reads
 * Accept-Encoding itself and does not weigh q-values as RFC 9110 does, so it is handed the one
 * encoding chooseEncoding picked. `immutablePrefix`: the folder of hashed assets.
 */
function builtFolder(dir: string, immutablePrefix: string): RequestHandler {
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders(res: ServerResponse, file: string) {
        const name = path.relative(dir, file).split(path.sep).join('/');
        const original = name.replace(/\.(br|gz)$/, '');
        res.setHeader('Cache-Control', name.startsWith(immutablePrefix) ? IMMUTABLE : original.endsWith('.html') ? PAGE : PLAIN_FILE);
        res.setHeader('Vary', (res as Response).locals?.[BY_HOST] ? 'Accept-Encoding, Host' : 'Accept-Encoding');
      },
    },
  }) as RequestHandler;
  return (req, res, next) => {
    req.headers['accept-encoding'] = chooseEncoding(req.headers['accept-encoding']) ?? 'identity';
    serve(req, res, next);
  };
}

/** Serves `file` (a path in the folder, '/index.html') for this request, whatever its URL; next() when absent. */
function serveAs(folder: RequestHandler, file: string, req: Request, res: Response, next: (err?: unknown) => void): void {
  const url = req.url;
  const query = url.indexOf('?');
  req.url = file + (query < 0 ? '' : url.slice(query));
  folder(req, res, (err?: unknown) => {
    req.url = url;
    next(err);
  });
}

/** Clean paths of the built pages: `/a` and `/a/` for a.html, `/a` and `/a/` for a/index.html. */
function cleanPaths(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const name of htmlFiles(dir)) {
    if (name.split('/').some((part) => part.startsWith('.'))) continue;
    const clean = `/${name.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '');
    for (const p of clean === '' ? ['/'] : [clean, `${clean}/`]) if (!pages.has(p) || !name.endsWith('index.html')) pages.set(p, `/${name}`);
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// The routes

/**
 * The site and the portal: the variant pages, the portal's routes (its index.html), the site's pages
 * by clean path (`/standard-pricing` is standard-pricing.html), then any built file by path: the
 * site's files, the portal's hashed assets. GET and HEAD only; paths under /api/ pass by. Mount
 * notFoundPage() after everything else.
 */
export function webRoutes(config: AppConfig, dirs: WebDirs = BUILT_DIRS): Router {
  const r = Router();
  const site = builtFolder(dirs.marketing, '_astro/');
  const portal = builtFolder(dirs.portal, 'app-assets/');
  const pages = cleanPaths(dirs.marketing);
  const built = (file: string) => pages.has(`/${file.replace(/\.html$/, '')}`) || (file === 'index.html' && pages.has('/'));

  // A variant page that was not built falls back to the default page.
  const variants = new Map(
    Object.entries(VARIANT_FILES).flatMap(([route, byVariant]) => {
      if (!built(byVariant.default)) return [];
      const pick = (f: string) => `/${built(f) ? f : byVariant.default}`;
      return [[route, { default: `/${byVariant.default}`, go: pick(byVariant.go), special: pick(byVariant.special) }] as const];
    }),
  );
  if (variants.size)
    r.get([...variants.keys()], (req, res, next) => {
      // Express matches routes case-insensitively and with a trailing slash.
      const byVariant = variants.get(req.path.toLowerCase().replace(/(.)\/$/, '$1'));
      if (!byVariant) return next();
      res.locals[BY_HOST] = true;
      serveAs(site, byVariant[variantFor(req, config.routing)], req, res, next);
    });

  if (fs.existsSync(path.join(dirs.portal, 'index.html'))) r.get(PORTAL_ROUTES, (req, res, next) => serveAs(portal, '/index.html', req, res, next));

  r.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    const page = pages.get(req.path);
    if (page) return serveAs(site, page, req, res, next);
    if (req.path.startsWith('/app-assets/')) return portal(req, res, next);
    site(req, res, next);
  });
  return r;
}

/** Anything no route answered: the spec's 404 page (its .br/.gz when asked) with a real 404 status. */
export function notFoundPage(dirs: WebDirs = BUILT_DIRS): RequestHandler {
  const site = builtFolder(dirs.marketing, '_astro/');
  const plain = (res: Response) => void res.status(404).type('text/plain').send('Page Not Found');
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res);
    res.status(404);
    serveAs(site, '/404.html', req, res, () => plain(res));
  };
}
