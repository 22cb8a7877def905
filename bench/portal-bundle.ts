// The built portal's JavaScript, measured as it loads (decision 190): what /login loads (the entry and
// everything it imports statically), and for every other screen its lazily loaded chunk plus what it
// needs beyond the entry (the screens' shared chunk, router.tsx), gzipped. Whether the build ships
// React's own renderer (react-dom). Used by bench/page-weight.ts and e2e/tests/portal-bundle.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** /login: the entry and what it imports statically, gzipped. */
export const LOGIN_JS_BUDGET = 100 * 1024;
/** Every other screen: its own chunk, and at most this with the entry, gzipped. */
export const PORTAL_SCREEN_JS_BUDGET = 180 * 1024;

const gz = (b: Buffer | string) => zlib.gzipSync(b).length;

/** A module of `dir` and everything it imports statically (import ... from "x", import "x", export ... from "x"). */
export function jsClosure(dirs: string[], entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const file = assetFile(dirs, entry);
  if (!file) return seen;
  const src = fs.readFileSync(file, 'utf8');
  for (const m of src.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
    const spec = m[1]!;
    jsClosure(dirs, spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(entry), spec), seen);
  }
  return seen;
}

/** A built file by its URL path (/app-assets/y.js), in the first of `dirs` that has it. */
export function assetFile(dirs: string[], url: string): string | null {
  const clean = url.split(/[?#]/)[0]!;
  if (!clean.startsWith('/')) return null;
  for (const dir of dirs) {
    const f = path.join(dir, clean);
    if (f.startsWith(dir) && fs.existsSync(f)) return f;
  }
  return null;
}

export interface PortalScreen {
  name: string;
  /** The screen's chunk is loaded by the entry itself (it should not be). */
  inEntry: boolean;
  /** Gzipped JS beyond the entry, and with it. */
  beyond: number;
  withEntry: number;
}

export interface PortalBundle {
  /** Gzipped JS /login loads: the entry and its static imports. */
  entry: number;
  screens: PortalScreen[];
  /** React's DOM renderer is in the entry (react-dom's own markers, no Preact). */
  reactDom: boolean;
  preact: boolean;
}

export function measurePortal(portalDist: string): PortalBundle {
  const dirs = [portalDist];
  const sizeOf = (urls: Iterable<string>) => [...urls].reduce((sum, u) => sum + (assetFile(dirs, u) ? gz(fs.readFileSync(assetFile(dirs, u)!)) : 0), 0);
  const entryJs = new Set<string>();
  for (const m of fs.readFileSync(path.join(portalDist, 'index.html'), 'utf8').matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) jsClosure(dirs, m[1]!, entryJs);
  const entrySource = [...entryJs].map((u) => (assetFile(dirs, u) ? fs.readFileSync(assetFile(dirs, u)!, 'utf8') : '')).join('\n');
  const assets = fs.readdirSync(path.join(portalDist, 'app-assets'));
  const screensShared = new Set<string>();
  for (const f of assets.filter((x) => /^router-[\w-]+\.js$/.test(x))) jsClosure(dirs, `/app-assets/${f}`, screensShared);
  const entry = sizeOf(entryJs);
  const screens = assets
    .filter((x) => /Page-[\w-]+\.js$/.test(x))
    .sort()
    .map((f) => {
      const url = `/app-assets/${f}`;
      const beyond = sizeOf(new Set([...screensShared, ...jsClosure(dirs, url)].filter((u) => !entryJs.has(u))));
      return { name: f.replace(/-[\w-]+\.js$/, ''), inEntry: entryJs.has(url), beyond, withEntry: entry + beyond };
    });
  const allJs = assets
    .filter((x) => x.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(portalDist, 'app-assets', f), 'utf8'))
    .join('\n');
  return {
    entry,
    screens,
    reactDom: /rendererPackageName:\s*"react-dom"/.test(entrySource) && entrySource.includes('__reactFiber$'),
    preact: /preact/i.test(allJs),
  };
}
