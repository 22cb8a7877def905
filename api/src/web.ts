// Serves the built Astro site and the built portal from the API process, with the host rules
// of docs/product/funnel.md#host-and-flag-variants for "/", "/thank-you" and "/onboarding-success".
import express, { type Request, type Response, type NextFunction, Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MARKETING_DIST = path.join(repoRoot, 'marketing', 'dist');
export const PORTAL_DIST = path.join(repoRoot, 'portal', 'dist');

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

interface CachedPage {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  mtimeMs: number;
  checkedAt: number;
}
const pageCache = new Map<string, CachedPage>();
const RECHECK_MS = 1000;

/** Built pages are read once and kept in memory with their gzip and ETag; a rebuild is noticed within a second. */
function loadPage(file: string): CachedPage | null {
  const now = Date.now();
  const hit = pageCache.get(file);
  if (hit && now - hit.checkedAt < RECHECK_MS) return hit;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    pageCache.delete(file);
    return null;
  }
  if (hit && hit.mtimeMs === stat.mtimeMs) {
    hit.checkedAt = now;
    return hit;
  }
  const body = fs.readFileSync(file);
  const page = {
    body,
    gzip: zlib.gzipSync(body),
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    mtimeMs: stat.mtimeMs,
    checkedAt: now,
  };
  pageCache.set(file, page);
  return page;
}

// ---------------------------------------------------------------------------------------------
// Inline scripts of the built pages (Astro's small hydration scripts), as CSP hashes, so script-src
// needs no 'unsafe-inline'. Rescanned at most once a second when a page file changed (a rebuild).

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const hashCaches = new Map<string, { checkedAt: number; key: string; hashes: string[] }>();

function htmlFiles(dir: string): string[] {
  try {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** sha256 hashes (base64) of every inline script in the built site and portal pages. */
export function inlineScriptHashes(dirs = { marketing: MARKETING_DIST, portal: PORTAL_DIST }): string[] {
  const now = Date.now();
  const cacheKey = `${dirs.marketing}\n${dirs.portal}`;
  const hashCache = hashCaches.get(cacheKey);
  if (hashCache && now - hashCache.checkedAt < RECHECK_MS) return hashCache.hashes;
  const files = [...htmlFiles(dirs.marketing), ...htmlFiles(dirs.portal)];
  const stamps = files.map((f) => {
    try {
      return `${f}:${fs.statSync(f).mtimeMs}`;
    } catch {
      return `${f}:gone`;
    }
  });
  const key = stamps.join('|');
  if (hashCache && hashCache.key === key) {
    hashCache.checkedAt = now;
    return hashCache.hashes;
  }
  const hashes = new Set<string>();
  for (const f of files) {
    let html: string;
    try {
      html = fs.readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const m of html.matchAll(INLINE_SCRIPT)) {
      if (/\bsrc\s*=/i.test(m[1] ?? '') || !(m[2] ?? '').length) continue;
      hashes.add(crypto.createHash('sha256').update(m[2]!, 'utf8').digest('base64'));
    }
  }
  const fresh = { checkedAt: now, key, hashes: [...hashes].sort() };
  hashCaches.set(cacheKey, fresh);
  return fresh.hashes;
}

function sendHtml(req: Request, res: Response, file: string, status = 200): boolean {
  const page = loadPage(file);
  if (!page) return false;
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', page.etag);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding, Host');
  if (status === 200 && req.get('if-none-match') === page.etag) {
    res.status(304).end();
    return true;
  }
  const gzip = /\bgzip\b/.test(req.get('accept-encoding') ?? '');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.status(status).end(req.method === 'HEAD' ? undefined : gzip ? page.gzip : page.body);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Fast path for built pages: the same files, headers and variant rules as the routes below, answered
// before the middleware chain (router, compression, body parsers), with the security headers helmet
// computes for the app (captured once per CSP change). Anything it does not recognise goes on.

const PAGE_PATH = /^\/[a-z0-9/-]*$/i;
const portalMatchers = PORTAL_ROUTES.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}$`));

/** Express's req.hostname: X-Forwarded-Host only behind a trusted proxy, port stripped. */
function hostnameOf(req: IncomingMessage, trustProxy: boolean): string {
  const fwd = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  let host = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim() || req.headers.host || '';
  const close = host.startsWith('[') ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', close);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

/** The page file a GET is answered with (by the fast path and by webRoutes), or null (not a page path). */
function pageFileFor(
  req: IncomingMessage,
  pathname: string,
  search: URLSearchParams,
  config: AppConfig,
  dirs: { marketing: string; portal: string },
): { file: string; fallback?: string } | null {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const files = VARIANT_FILES[p];
  if (files) {
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(search.keys())) {
      const all = search.getAll(k);
      query[k] = all.length > 1 ? all : all[0]!;
    }
    const variant = variantFor({ hostname: hostnameOf(req, config.isProduction), query } as unknown as Request, config.routing);
    return { file: path.join(dirs.marketing, files[variant]), fallback: path.join(dirs.marketing, files.default) };
  }
  if (portalMatchers.some((re) => re.test(p))) return { file: path.join(dirs.portal, 'index.html') };
  if (!PAGE_PATH.test(pathname)) return null;
  const file = path.join(dirs.marketing, `${p === '/' ? '/index' : p}.html`);
  return file.startsWith(dirs.marketing + path.sep) ? { file } : null;
}

export function fastPages(
  config: AppConfig,
  securityHeaders: () => Record<string, string>,
  dirs = { marketing: MARKETING_DIST, portal: PORTAL_DIST },
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  // The full header list per page, encoding and security-header set, built once (flat [name, value, ...]).
  const prepared = new WeakMap<CachedPage, { security: Record<string, string>; plain: string[]; gzip: string[]; notModified: string[] }>();
  const headersFor = (page: CachedPage) => {
    const security = securityHeaders();
    let h = prepared.get(page);
    if (!h || h.security !== security) {
      const common = [
        ...Object.entries(security).flat(),
        'Cache-Control',
        'no-cache',
        'ETag',
        page.etag,
        'Content-Type',
        'text/html; charset=utf-8',
        'Vary',
        'Accept-Encoding, Host',
      ];
      h = {
        security,
        plain: [...common, 'Content-Length', String(page.body.length)],
        gzip: [...common, 'Content-Encoding', 'gzip', 'Content-Length', String(page.gzip.length)],
        notModified: common,
      };
      prepared.set(page, h);
    }
    return h;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/') || pathname.startsWith('/app-assets/')) return next();
    const target = pageFileFor(req, pathname, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)), config, dirs);
    const page = target && (loadPage(target.file) ?? (target.fallback ? loadPage(target.fallback) : null));
    if (!page) return next();
    const h = headersFor(page);
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, h.notModified);
      res.end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, gzip ? h.gzip : h.plain);
    res.end(req.method === 'HEAD' ? undefined : gzip ? page.gzip : page.body);
  };
}

export function webRoutes(config: AppConfig, dirs = { marketing: MARKETING_DIST, portal: PORTAL_DIST }): Router {
  const r = Router();
  const immutable = { maxAge: '365d', immutable: true, index: false as const };

  r.use('/_astro', express.static(path.join(dirs.marketing, '_astro'), immutable));
  r.use('/app-assets', express.static(path.join(dirs.portal, 'app-assets'), immutable));

  // Built pages, portal routes and host/flag variants: the same file resolution as the fast path.
  r.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    const q = req.url.indexOf('?');
    const target = pageFileFor(req, req.path, new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1)), config, dirs);
    if (!target || (!sendHtml(req, res, target.file) && !(target.fallback && sendHtml(req, res, target.fallback)))) next();
  });

  r.use(
    express.static(dirs.marketing, {
      extensions: ['html'],
      index: false,
      redirect: false,
      setHeaders(res, file) {
        if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  // Anything else is the spec's 404 page with a real 404 status.
  r.use((req: Request, res: Response) => {
    const notFound = path.join(dirs.marketing, '404.html');
    if ((req.method === 'GET' || req.method === 'HEAD') && sendHtml(req, res, notFound, 404)) return;
    res.status(404).type('text/plain').send('Page Not Found');
  });
  return r;
}
