// Page weight: builds the site and the portal (SKIP_BUILD=1 to use the current build), then reports per
// public page: HTML bytes (raw and gzip), JS bytes (gzip, the page's scripts, its islands' components and
// renderer and everything they import statically), CSS bytes (gzip), requests at load (HTML, CSS, JS,
// images, icon), and whether framework (React) code ships. Budgets: landing and pricing pages ship no
// framework JavaScript; /ringcloud and every checkout at most 100 KB of JS gzipped (before Stripe's own
// script, which only loads with real keys; 80 KB until every funnel form moved to react-hook-form,
// decision 204); the portal's /login at most 100 KB (its entry and what that
// imports statically: React and react-dom are most of it); every other portal screen is its own lazily
// loaded chunk, not in the entry, and at most 180 KB with the entry and the screens' shared chunk
// (router.tsx: React Query, the route table) (bench/portal-bundle.ts, decision 190). Exit 1 when a
// budget fails. Run: npx tsx bench/page-weight.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib.ts';
import { LOGIN_JS_BUDGET, PORTAL_SCREEN_JS_BUDGET, measurePortal, jsClosure as closureIn, assetFile as assetIn } from './portal-bundle.ts';

const MARKETING = path.join(ROOT, 'marketing', 'dist');
const PORTAL = path.join(ROOT, 'portal', 'dist');
const CHECKOUT_JS_BUDGET = 100 * 1024;
const NO_FRAMEWORK = ['/', '/standard-pricing', '/special-pricing', '/premium-pricing', '/enterprise-pricing', '/ultimate-pricing', '/pricing'];

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building site and portal (SKIP_BUILD=1 to skip)...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const gz = (b: Buffer | string) => zlib.gzipSync(b).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A built asset by its URL path (/_astro/x.js, /app-assets/y.js, /favicon.svg). */
const assetFile = (url: string) => assetIn(url.startsWith('/app-assets/') ? [PORTAL] : [MARKETING, PORTAL], url);
/** A module and everything it imports statically. */
const jsClosure = (entry: string, seen = new Set<string>()) => closureIn([MARKETING, PORTAL], entry, seen);

const isFramework = (src: string) => /react\.dev\/errors|reactjs\.org\/docs\/error-decoder|__REACT_DEVTOOLS_GLOBAL_HOOK__|react-dom/.test(src);

interface PageRow {
  route: string;
  html: number;
  htmlGz: number;
  jsGz: number;
  jsFiles: number;
  cssGz: number;
  requests: number;
  framework: boolean;
  islands: string;
}

function analyse(route: string, file: string): PageRow {
  const html = fs.readFileSync(file, 'utf8');
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
  const scripts = attr(/<script\b[^>]*\bsrc="([^"]+)"/g);
  const preloads = attr(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const islands = [...html.matchAll(/<astro-island\b([^>]*)>/g)].map((m) => m[1]!);
  const islandUrls = islands.flatMap((a) => [/component-url="([^"]+)"/.exec(a)?.[1], /renderer-url="([^"]+)"/.exec(a)?.[1]]).filter((u): u is string => !!u);
  const directives = islands.map((a) => `${/component-url="\/_astro\/([^.]+)/.exec(a)?.[1] ?? '?'}:${/client="([a-z]+)"/.exec(a)?.[1] ?? '?'}`);
  const js = new Set<string>();
  for (const u of [...scripts, ...preloads, ...islandUrls]) jsClosure(u, js);
  // Inline module scripts can import too.
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/["'](\/_astro\/[^"']+\.js)["']/g)) jsClosure(i[1]!, js);
  }
  let jsGz = 0;
  let framework = false;
  for (const u of js) {
    const f = assetFile(u);
    if (!f) continue;
    const src = fs.readFileSync(f);
    jsGz += gz(src);
    framework ||= isFramework(src.toString('utf8'));
  }
  const css = new Set(attr(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g));
  let cssGz = 0;
  for (const u of css) {
    const f = assetFile(u);
    if (f) cssGz += gz(fs.readFileSync(f));
  }
  const images = new Set(attr(/<img\b[^>]*\bsrc="([^"]+)"/g).filter((u) => u.startsWith('/')));
  const icons = new Set(attr(/<link\b[^>]*rel="icon"[^>]*href="([^"]+)"/g));
  return {
    route,
    html: Buffer.byteLength(html),
    htmlGz: gz(html),
    jsGz,
    jsFiles: js.size,
    cssGz,
    requests: 1 + css.size + js.size + images.size + icons.size,
    framework,
    islands: directives.join(' ') || '-',
  };
}

const rows: PageRow[] = [];
const htmlFiles = (fs.readdirSync(MARKETING, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
for (const f of htmlFiles) {
  const route = f === 'index.html' ? '/' : `/${f.replace(/\.html$/, '')}`;
  rows.push(analyse(route, path.join(MARKETING, f)));
}
rows.push(analyse('/login (portal SPA)', path.join(PORTAL, 'index.html')));

console.log('\n| page | HTML | HTML gzip | JS gzip | JS files | CSS gzip | requests | framework JS | islands |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
for (const r of rows)
  console.log(
    `| ${r.route} | ${kb(r.html)} | ${kb(r.htmlGz)} | ${kb(r.jsGz)} | ${r.jsFiles} | ${kb(r.cssGz)} | ${r.requests} | ${r.framework ? 'yes' : 'no'} | ${r.islands} |`,
  );

const checks: Array<[string, boolean]> = [];
for (const route of NO_FRAMEWORK) {
  const r = rows.find((x) => x.route === route);
  if (r) checks.push([`${route}: no framework JavaScript (${r.jsFiles} JS files, ${kb(r.jsGz)})`, !r.framework]);
}
for (const r of rows.filter((x) => /^\/(checkout|ringcloud)/.test(x.route) || x.route.endsWith('-checkout'))) {
  checks.push([`${r.route}: ${kb(r.jsGz)} of JS gzipped before Stripe's own script (budget ${kb(CHECKOUT_JS_BUDGET)})`, r.jsGz <= CHECKOUT_JS_BUDGET]);
}
const login = rows.find((r) => r.route.startsWith('/login'));
if (login) checks.push([`/login: ${kb(login.jsGz)} of JS gzipped (budget ${kb(LOGIN_JS_BUDGET)})`, login.jsGz <= LOGIN_JS_BUDGET]);

// The portal's other screens: each lazily loaded chunk, what it needs beyond the entry (the screens'
// shared chunk, router.tsx, and the screen's own closure) and its total with the entry.
const portal = measurePortal(PORTAL);
checks.push([`portal: ships React's renderer (react-dom), no Preact`, portal.reactDom && !portal.preact]);
console.log('\n| portal screen chunk | JS gzip beyond the entry | with the entry |\n|---|---:|---:|');
for (const screen of portal.screens) {
  console.log(`| ${screen.name} | ${kb(screen.beyond)} | ${kb(screen.withEntry)} |`);
  checks.push([`portal ${screen.name}: its own chunk, not in the entry`, !screen.inEntry]);
  checks.push([
    `portal ${screen.name}: ${kb(screen.withEntry)} of JS gzipped with the entry (budget ${kb(PORTAL_SCREEN_JS_BUDGET)})`,
    screen.withEntry <= PORTAL_SCREEN_JS_BUDGET,
  ]);
}
console.log('');
for (const [text, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
if (checks.some(([, ok]) => !ok)) process.exit(1);
