// Serves the built Astro site and the built portal as ordinary Express routes (decisions 075, 120): the
// built files and the .br/.gz variants made at build time (scripts/precompress.mjs) are read into memory
// when the app is built, hashed assets cached for a year, pages revalidated by ETag; the host rules of
// docs/product/funnel.md#host-and-flag-variants pick the file for "/", "/thank-you" and "/onboarding-success".
import { type Request, type Response, type RequestHandler, Router } from 'express';
import { lookup as lookupType } from 'mrmime';
import Negotiator from 'negotiator';
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
  '/undo-email-change',
];

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
// needs no 'unsafe-inline'. Taken from the built pages already in memory (readWeb), not read again.

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** sha256 hashes (base64) of every inline script in the built site and portal pages. */
export function inlineScriptHashes(web: BuiltWeb): string[] {
  const hashes = new Set<string>();
  for (const files of [web.site, web.portal]) {
    for (const [name, file] of files) {
      if (!name.endsWith('.html')) continue;
      for (const m of file.identity.body.toString('utf8').matchAll(INLINE_SCRIPT)) {
        if (/\bsrc\s*=/i.test(m[1] ?? '') || !(m[2] ?? '').length) continue;
        hashes.add(crypto.createHash('sha256').update(m[2]!, 'utf8').digest('base64'));
      }
    }
  }
  return [...hashes].sort();
}

// ---------------------------------------------------------------------------------------------
// The built files, in memory (decision 120)

/** Hashed file names (Astro's _astro/, Vite's app-assets/): a new build makes new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: stored, but revalidated (ETag, 304) on every use, so a release shows at once. */
const PAGE = 'no-cache';
/** The site's other files (favicon, images): names without a hash. */
const PLAIN_FILE = 'public, max-age=3600';

type Encoding = 'br' | 'gzip';
/** One way a file can be sent: its bytes and a strong ETag of those bytes. */
type Representation = { body: Buffer; etag: string; encoding?: Encoding };
/** A built file with the .br and .gz the build made beside it (scripts/precompress.mjs). */
type BuiltFile = { type: string; cacheControl: string; identity: Representation; br?: Representation; gzip?: Representation };
type Files = Map<string, BuiltFile>;

const COMPRESSED: Record<string, Encoding> = { '.br': 'br', '.gz': 'gzip' };

function representation(body: Buffer, encoding?: Encoding): Representation {
  // A hash of the bytes sent: two servers built from the same sources give the same ETag, and each
  // encoding has its own.
  return { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoding };
}

/**
 * Every file of a built folder, read once when the app is built (as the CSP hashes are; `npm start`
 * builds, then starts): a request is a Map lookup and a write of bytes already in memory, never a file
 * read. Keys are URL paths ('/standard-pricing.html'). A folder that is not built gives no files.
 */
function readBuilt(dir: string, cacheControl: (file: string) => string): Files {
  const files: Files = new Map();
  let names: string[];
  try {
    names = (fs.readdirSync(dir, { recursive: true }) as string[]).map((n) => n.split(path.sep).join('/'));
  } catch {
    return files;
  }
  const present = new Set(names);
  for (const name of names) {
    const ext = path.extname(name);
    // A variant is read with its original; dot-files are never served.
    if ((COMPRESSED[ext] && present.has(name.slice(0, -3))) || name.split('/').some((part) => part.startsWith('.'))) continue;
    const abs = path.join(dir, name);
    if (!fs.statSync(abs).isFile()) continue;
    const type = ext === '.html' ? 'text/html; charset=utf-8' : (lookupType(ext) ?? 'application/octet-stream');
    const file: BuiltFile = { type, cacheControl: cacheControl(name), identity: representation(fs.readFileSync(abs)) };
    for (const [suffix, encoding] of Object.entries(COMPRESSED)) {
      if (present.has(name + suffix)) file[encoding] = representation(fs.readFileSync(abs + suffix), encoding);
    }
    files.set(`/${name}`, file);
  }
  return files;
}

const OFFERED = ['br', 'gzip', 'identity'];
const SERVER_ORDER = ['br', 'gzip'];

/**
 * The encoding to send (RFC 9110 §12.5.3), negotiated by `negotiator` (Express's own, through
 * `accepts`): the client's q-values decide, br before gzip where they tie; a coding refused with q=0
 * is never sent; no header, or nothing acceptable but identity, is identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(OFFERED, { preferred: SERVER_ORDER });
  return best === 'br' || best === 'gzip' ? best : undefined;
}

/** The built site and portal, in memory: read once when the app is built. */
export interface BuiltWeb {
  site: Files;
  portal: Files;
}

export function readWeb(dirs: WebDirs = BUILT_DIRS): BuiltWeb {
  return {
    site: readBuilt(dirs.marketing, (name) => (name.startsWith('_astro/') ? IMMUTABLE : name.endsWith('.html') ? PAGE : PLAIN_FILE)),
    portal: readBuilt(dirs.portal, (name) => (name.startsWith('app-assets/') ? IMMUTABLE : PAGE)),
  };
}

/**
 * Sends a built file through Express's `res.send`, which answers `If-None-Match` with 304 and HEAD
 * without a body. `Vary` names Host too when the file was chosen by host (a shared cache keyed on the
 * path alone must not mix the variants).
 */
function sendBuilt(req: Request, res: Response, file: BuiltFile, byHost = false): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const rep = (encoding && file[encoding]) || file.identity;
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('Content-Type', file.type);
  res.setHeader('Vary', byHost ? 'Accept-Encoding, Host' : 'Accept-Encoding');
  res.setHeader('ETag', rep.etag);
  if (rep.encoding) res.setHeader('Content-Encoding', rep.encoding);
  res.send(rep.body);
}

/** The file a URL path names: exactly, or as a clean path (`/a` or `/a/` is `/a.html` or `/a/index.html`). */
function fileAt(files: Files, pathname: string): BuiltFile | undefined {
  let p = pathname;
  if (p.includes('%')) {
    try {
      p = decodeURI(p);
    } catch {
      return undefined;
    }
  }
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return files.get(p) ?? files.get(`${p}.html`) ?? files.get(`${p === '/' ? '' : p}/index.html`);
}

// ---------------------------------------------------------------------------------------------
// The routes

/**
 * The site and the portal: the variant pages, the portal's routes (its index.html), then any built
 * file by path: hashed assets, the site's pages by clean path (`/standard-pricing` is
 * standard-pricing.html), its other files. GET and HEAD only; paths under /api/ pass by. Mount
 * notFoundPage() after everything else.
 */
export function webRoutes(config: AppConfig, { site, portal }: BuiltWeb): Router {
  const r = Router();

  // A variant page that was not built falls back to the default page.
  const variants = new Map(
    Object.entries(VARIANT_FILES).flatMap(([route, byVariant]) => {
      const fallback = site.get(`/${byVariant.default}`);
      if (!fallback) return [];
      const built = (f: string) => site.get(`/${f}`) ?? fallback;
      return [[route, { default: fallback, go: built(byVariant.go), special: built(byVariant.special) }] as const];
    }),
  );
  if (variants.size)
    r.get([...variants.keys()], (req, res, next) => {
      // Express matches routes case-insensitively and with a trailing slash.
      const byVariant = variants.get(req.path.toLowerCase().replace(/(.)\/$/, '$1'));
      if (!byVariant) return next();
      sendBuilt(req, res, byVariant[variantFor(req, config.routing)], true);
    });

  const portalIndex = portal.get('/index.html');
  if (portalIndex) r.get(PORTAL_ROUTES, (req, res) => sendBuilt(req, res, portalIndex));

  r.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    const file = fileAt(site, req.path) ?? (req.path.startsWith('/app-assets/') ? portal.get(req.path) : undefined);
    if (!file) return next();
    sendBuilt(req, res, file);
  });
  return r;
}

/** Anything no route answered: the spec's 404 page (from memory, its .br/.gz when asked) with a real 404 status. */
export function notFoundPage(web: BuiltWeb): RequestHandler {
  const page = web.site.get('/404.html');
  return (req, res) => {
    res.status(404);
    if ((req.method === 'GET' || req.method === 'HEAD') && page) sendBuilt(req, res, page);
    else res.type('text/plain').send('Page Not Found');
  };
}
