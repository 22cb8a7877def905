// The built site and portal through express.static and express-static-gzip (web.ts, decisions 075 and
// 190): host and flag variants, clean paths, the portal's routes, precompressed .br/.gz made by the build
// step (scripts/precompress.mjs), caching headers, ETag and 304, HEAD, the 404 page; and, through
// createApp, helmet's headers and the CSP hashes of the pages' inline scripts on every page.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import express from 'express';
import request from 'supertest';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { webRoutes, notFoundPage, variantFor, chooseEncoding, IMMUTABLE, MARKETING_DIST, type WebDirs } from './web.ts';
import { createApp } from './app.ts';
import { PORTAL_PATHS } from '@tm/shared/portal-paths';
import { testConfig } from './config.ts';
import { createTestApp, type TestContext } from './test/harness.ts';

const LONG = (s: string) => `${s} ${'<p>filler to be worth compressing</p>'.repeat(40)}`;
const INLINE = 'window.__page = 1;';

let root: string;
let dirs: WebDirs;
let app: express.Express;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-web-'));
  dirs = { marketing: path.join(root, 'marketing'), portal: path.join(root, 'portal') };
  const write = (dir: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write(dirs.marketing, 'index.html', 'HOME');
  write(dirs.marketing, 'survey.html', 'ONBOARDING SURVEY');
  write(dirs.marketing, 'special-survey.html', 'SPECIAL SURVEY');
  write(dirs.marketing, 'thank-you.html', 'THANKS DEFAULT');
  write(dirs.marketing, 'variants/thank-you-go.html', 'THANKS GO');
  write(dirs.marketing, 'variants/thank-you-special.html', 'THANKS SPECIAL');
  write(dirs.marketing, 'onboarding-success.html', 'SUCCESS 24 HOURS');
  write(dirs.marketing, 'variants/onboarding-success-special.html', 'SUCCESS CALL SCHEDULED');
  write(dirs.marketing, 'standard-pricing.html', LONG(`PRICING<script type="module">${INLINE}</script>`));
  write(dirs.marketing, 'nested/page.html', 'NESTED');
  write(dirs.marketing, '404.html', LONG('Page Not Found'));
  write(dirs.marketing, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(dirs.marketing, '_astro/app.123.js', `console.log(${JSON.stringify(LONG('asset'))})`);
  write(dirs.portal, 'index.html', 'PORTAL');
  write(dirs.portal, 'app-assets/index-abc.js', 'export {}');
  // The build step the site and portal builds end with.
  const built = spawnSync(process.execPath, ['scripts/precompress.mjs', dirs.marketing, dirs.portal], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  app = express();
  app.use(webRoutes(testConfig(), dirs));
  app.use(notFoundPage(dirs));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A GET's headers and raw bytes, as sent (node:http decodes nothing). */
async function raw(target: express.Express, url: string, acceptEncoding: string) {
  const server = http.createServer(target);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('host and flag variants (docs/product/funnel.md#host-and-flag-variants)', () => {
  it.each([
    ['/', 'example.com', 'HOME'],
    ['/', 'go.example.com', 'ONBOARDING SURVEY'],
    ['/', 'ghl.example.com', 'SPECIAL SURVEY'],
    ['/', 'ghl.example.com:8080', 'SPECIAL SURVEY'],
    ['/?survey=1', 'example.com', 'ONBOARDING SURVEY'],
    ['/?special=1', 'example.com', 'SPECIAL SURVEY'],
    ['/?special=0', 'example.com', 'HOME'],
    ['/?special=1&special=2', 'example.com', 'SPECIAL SURVEY'],
    ['/thank-you', 'example.com', 'THANKS DEFAULT'],
    ['/thank-you', 'go.example.com', 'THANKS GO'],
    ['/thank-you', 'ghl.example.com', 'THANKS SPECIAL'],
    ['/thank-you?special=1', 'example.com', 'THANKS SPECIAL'],
    ['/onboarding-success', 'example.com', 'SUCCESS 24 HOURS'],
    ['/onboarding-success', 'go.example.com', 'SUCCESS 24 HOURS'],
    ['/onboarding-success', 'ghl.example.com', 'SUCCESS CALL SCHEDULED'],
    ['/onboarding-success/', 'ghl.example.com', 'SUCCESS CALL SCHEDULED'],
    ['/Thank-You', 'go.example.com', 'THANKS GO'],
    ['/onboarding-success?special=1&payment_intent=pi_1', 'example.com', 'SUCCESS CALL SCHEDULED'],
  ])('%s on %s serves %s', async (url, host, text) => {
    const res = await request(app).get(url).set('Host', host);
    expect(res.status).toBe(200);
    expect(res.text).toBe(text);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // A shared cache in front must keep the variants of one path apart.
    expect(res.headers.vary).toBe('Accept-Encoding, Host');
  });

  it('reads prefixes and flags from configuration', () => {
    const routing = { goHostPrefix: 'apply.', ghlHostPrefix: 'vip.', surveyFlag: 's', specialFlag: 'vip' };
    expect(variantFor({ hostname: 'apply.site.com', query: {} }, routing)).toBe('go');
    expect(variantFor({ hostname: 'vip.site.com', query: {} }, routing)).toBe('special');
    expect(variantFor({ hostname: 'site.com', query: { vip: '1' } }, routing)).toBe('special');
    expect(variantFor({ hostname: 'go.site.com', query: {} }, routing)).toBe('default');
  });

  it('serves the default page when a variant page was not built', async () => {
    const bare = { marketing: path.join(root, 'bare'), portal: path.join(root, 'none') };
    fs.mkdirSync(bare.marketing);
    fs.writeFileSync(path.join(bare.marketing, 'thank-you.html'), 'THANKS DEFAULT');
    const small = express().use(webRoutes(testConfig(), bare));
    expect((await request(small).get('/thank-you').set('Host', 'ghl.example.com')).text).toBe('THANKS DEFAULT');
  });
});

describe('static site and portal', () => {
  it('serves built pages by clean path, gzipped, with an ETag and 304 on revalidation', async () => {
    const res = await request(app).get('/standard-pricing').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('PRICING');
    const again = await request(app).get('/standard-pricing').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    for (const url of ['/standard-pricing/', '/standard-pricing?utm=x', '/nested/page']) expect((await request(app).get(url)).status, url).toBe(200);
  });

  it('sends the .br or .gz made at build time as Accept-Encoding allows, each the same page', async () => {
    const original = fs.readFileSync(path.join(dirs.marketing, 'standard-pricing.html'));
    const br = await raw(app, '/standard-pricing', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body).toEqual(fs.readFileSync(path.join(dirs.marketing, 'standard-pricing.html.br')));
    expect(zlib.brotliDecompressSync(br.body)).toEqual(original);
    const gz = await raw(app, '/standard-pricing', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body)).toEqual(original);
    const plain = await raw(app, '/standard-pricing', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(original);
    expect(plain.headers['content-length']).toBe(String(original.length));
    // Each representation has its own validator.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('honours q-values in Accept-Encoding: the higher q wins, br on a tie, q=0 is refused, * accepts any', async () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip');
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    const gz = await raw(app, '/standard-pricing', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toContain('PRICING');
    const plain = await raw(app, '/standard-pricing', 'gzip;q=0, br;q=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves the files on disk: a rebuilt page is sent at once, with a new validator', async () => {
    const dir = path.join(root, 'reread');
    fs.mkdirSync(dir);
    const page = path.join(dir, 'page.html');
    fs.writeFileSync(page, 'FIRST');
    const site = express().use(webRoutes(testConfig(), { marketing: dir, portal: path.join(root, 'none') }));
    const before = await request(site).get('/page');
    expect(before.text).toBe('FIRST');
    expect((await request(site).get('/page').set('If-None-Match', before.headers.etag!)).status).toBe(304);
    fs.writeFileSync(page, 'SECOND!');
    const after = await request(site).get('/page').set('If-None-Match', before.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.text).toBe('SECOND!');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const get = await request(app).get('/standard-pricing').set('Accept-Encoding', 'identity');
    const head = await request(app).head('/standard-pricing').set('Accept-Encoding', 'identity');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text).toBeUndefined();
    expect((await request(app).head('/')).status).toBe(200);
  });

  it('serves the portal for its routes', async () => {
    for (const p of [
      '/login',
      '/login/',
      '/dashboard',
      '/dashboard/transfers',
      '/dashboard/receipts/12',
      '/dashboard/pay/12',
      '/admin',
      '/admin/disputes',
      '/training',
      '/training-admin-login',
      '/training-admin',
      '/transfer-checkout',
      '/set-password',
      '/set-password?token=abc.def',
    ]) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(200);
      expect(res.text).toBe('PORTAL');
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
  });

  it("serves the portal for every path of the portal's own list (shared/src/portal-paths.ts)", async () => {
    expect(PORTAL_PATHS.length).toBeGreaterThan(10);
    for (const p of PORTAL_PATHS) {
      const url = p.replace(/:[A-Za-z]+/g, '12');
      const res = await request(app).get(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toBe('PORTAL');
    }
  });

  it('caches hashed assets for a year, precompressed, and other files for an hour', async () => {
    const res = await request(app).get('/_astro/app.123.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    const portal = await request(app).get('/app-assets/index-abc.js');
    expect(portal.status).toBe(200);
    expect(portal.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await request(app).get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown paths and traversal attempts with the 404 page and status 404', async () => {
    for (const p of ['/no-such-page', '/../../etc/passwd', '/%2e%2e/secret', '/%2e%2e/%2e%2e/etc/passwd', '/Standard-Pricing', '/_astro/missing.js']) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).toContain('Page Not Found');
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    // Compressed when asked (the build's .gz of the page, like every built file).
    expect((await request(app).get('/nope').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await request(app).head('/nope')).status).toBe(404);
  });

  it('answers other methods on pages with a plain 404, and leaves /api/ paths to the API', async () => {
    const post = await request(app).post('/standard-pricing');
    expect(post.status).toBe(404);
    expect(post.text).toBe('Page Not Found');
    const withApi = express();
    withApi.use(webRoutes(testConfig(), dirs));
    withApi.get('/api/index', (_req, res) => void res.json({ api: true }));
    expect((await request(withApi).get('/api/index')).body).toEqual({ api: true });
  });
});

describe('through createApp', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives pages the security headers of the API and a CSP with the hashes of their inline scripts', async () => {
    const full = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: dirs });
    const page = await request(full).get('/standard-pricing');
    const api = await request(full).get('/api/health');
    expect(page.status).toBe(200);
    expect(api.status).toBe(200);
    for (const h of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
    ]) {
      expect(page.headers[h], h).toBeDefined();
      expect(page.headers[h], h).toBe(api.headers[h]);
    }
    const sha = crypto.createHash('sha256').update(INLINE).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${sha}'`);
    // Pages set no cookie and pass no session or body parser.
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await request(full).get('/nope')).status).toBe(404);
    expect((await request(full).get('/api/nope')).body).toEqual({ error: 'Not found' });
    // An API-only app has no hashes.
    expect(String((await request(ctx.app).get('/api/health')).headers['content-security-policy'])).not.toContain('sha256-');
    const prod = createApp({
      db: ctx.db,
      config: { ...ctx.config, isProduction: true, env: 'production', stripe: { ...ctx.config.stripe, testMode: false } },
      stripe: ctx.stripe,
      web: dirs,
    });
    expect((await request(prod).get('/standard-pricing')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it.skipIf(!fs.existsSync(path.join(MARKETING_DIST, 'index.html.br')))('serves the real build precompressed (needs npm run build)', async () => {
    const full = createApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, stripe: ctx.stripe, web: true });
    for (const url of ['/', '/standard-pricing', '/login']) {
      const res = await request(full).get(url).set('Accept-Encoding', 'br');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
    }
  });
});
