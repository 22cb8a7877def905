// Lists the app's real routes (method + full path) by walking Express 5's router stack, so tests can
// check that every route has an authorization row and a bad-input run (a new route without one fails).
import type { Express } from 'express';

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | string;
  /** The path as declared, with mount prefixes joined: '/api/admin/users/:userId/password'. */
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function asPaths(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(asPaths);
  if (raw instanceof RegExp) return [`regex:${raw.source}`];
  if (typeof raw === 'string') return [raw];
  return [''];
}

function join(prefix: string, p: string): string {
  if (p.startsWith('regex:')) return prefix + p;
  const joined = `${prefix}/${p}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function walk(stack: Layer[], prefix: string, out: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const p of asPaths(layer.route.path)) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: join(prefix, p) });
        }
      }
    } else if (layer.handle?.stack) {
      // A mounted router: app.use('/api', router) or router.use(subRouter) (rawPath '/').
      for (const p of asPaths(layer.rawPath ?? '/')) walk(layer.handle.stack, p === '/' ? prefix : join(prefix, p), out);
    }
  }
}

/** Every route of an app, in registration order, without duplicates. */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const router = (app as unknown as { router?: { stack: Layer[] } }).router;
  if (router) walk(router.stack, '', out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The API routes only (under /api), as 'METHOD /api/path' strings. */
export function listApiRoutes(app: Express): string[] {
  return listRoutes(app)
    .filter((r) => r.path.startsWith('/api/'))
    .map((r) => `${r.method} ${r.path}`);
}
