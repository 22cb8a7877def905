// The fast path for built pages (web.ts fastPages, wired in app.ts before Express dispatches) answers
// exactly as the Express routes do: same status, body and headers (helmet's included), same host and
// flag variants, 304 and HEAD, and it passes anything else on (404 page, assets, API, odd paths).
import { describe, it, expect, beforeAll } from 'vitest';
import express from 'express';
import helmet from 'helmet';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { fastPages, webRoutes, MARKETING_DIST } from '../web.ts';
import { contentSecurityPolicy, createApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp } from './harness.ts';

const config = testConfig();
let slow: express.Express;
let fast: http.Server;
let security: Record<string, string>;

beforeAll(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-fast-'));
  const dirs = { marketing: path.join(root, 'marketing'), portal: path.join(root, 'portal') };
  const write = (dir: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const [f, t] of Object.entries({
    'index.html': 'HOME',
    'survey.html': 'ONBOARDING SURVEY',
    'special-survey.html': 'SPECIAL SURVEY',
    'thank-you.html': 'THANKS DEFAULT',
    'variants/thank-you-go.html': 'THANKS GO',
    'variants/thank-you-special.html': 'THANKS SPECIAL',
    'onboarding-success.html': 'SUCCESS 24 HOURS',
    'variants/onboarding-success-special.html': 'SUCCESS CALL SCHEDULED',
    'standard-pricing.html': 'PRICING'.repeat(200),
    '404.html': 'Page Not Found',
    '_astro/app.123.js': 'console.log(1)',
    'nested/page.html': 'NESTED',
  }))
    write(dirs.marketing, f, t);
  write(dirs.portal, 'index.html', 'PORTAL');

  const helmetMw = helmet({ contentSecurityPolicy: contentSecurityPolicy(config), hsts: false, crossOriginEmbedderPolicy: false });
  slow = express();
  slow.disable('x-powered-by');
  slow.use(helmetMw);
  slow.use(webRoutes(config, dirs));
  // The security headers as helmet sets them, captured from a response of the slow app.
  security = {};
  const quick = fastPages(config, () => security, dirs);
  fast = http.createServer((req, res) => quick(req, res, () => slow(req, res)));
});

const IGNORED = new Set(['date', 'connection', 'keep-alive']);
function comparable(res: request.Response) {
  return { status: res.status, body: res.text, headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => !IGNORED.has(k))) };
}

describe('fast path for built pages', () => {
  it('answers every page, variant and conditional request exactly as the Express routes do', async () => {
    const probe = await request(slow).get('/api/nothing-here');
    for (const [k, v] of Object.entries(probe.headers)) {
      if (
        !IGNORED.has(k) &&
        !['content-type', 'content-length', 'content-security-policy-report-only', 'etag', 'vary', 'cache-control', 'content-encoding'].includes(k)
      )
        security[k] = String(v);
    }
    const cases: Array<{ url: string; host?: string; headers?: Record<string, string>; method?: 'get' | 'head' }> = [
      { url: '/' },
      { url: '/', host: 'go.example.com' },
      { url: '/', host: 'ghl.example.com:8080' },
      { url: '/?survey=1' },
      { url: '/?special=1' },
      { url: '/?special=0' },
      { url: '/?special=1&special=2' },
      { url: '/thank-you', host: 'go.example.com' },
      { url: '/thank-you?special=1' },
      { url: '/onboarding-success?special=1&payment_intent=pi_1' },
      { url: '/onboarding-success/' },
      { url: '/standard-pricing' },
      { url: '/standard-pricing/' },
      { url: '/standard-pricing?utm=x' },
      { url: '/nested/page' },
      { url: '/login' },
      { url: '/dashboard' },
      { url: '/dashboard/transfers' },
      { url: '/dashboard/receipts/12' },
      { url: '/admin/disputes' },
      { url: '/training-admin' },
      { url: '/set-password?token=abc.def' },
      { url: '/standard-pricing', headers: { 'Accept-Encoding': 'gzip, deflate' } },
      { url: '/', method: 'head' },
    ];
    for (const c of cases) {
      const send = (target: express.Express | http.Server) => {
        const agent = request(target);
        const method = c.method ?? 'get';
        let r = agent[method](c.url).set('Host', c.host ?? 'example.com');
        for (const [k, v] of Object.entries(c.headers ?? {})) r = r.set(k, v);
        return r.buffer(true);
      };
      const [a, b] = [comparable(await send(slow)), comparable(await send(fast))];
      expect(b.status, c.url).toBe(200);
      // HEAD: the fast path also states the length the GET would have (as HTTP asks); Express leaves it out.
      if (c.method === 'head') expect(b.headers['content-length']).toBe(String((await request(slow).get(c.url)).text.length));
      if (c.method === 'head') delete b.headers['content-length'];
      expect(b, `${c.method ?? 'GET'} ${c.url} on ${c.host ?? 'example.com'}`).toEqual(a);
    }
    const etag = (await request(fast).get('/standard-pricing')).headers.etag!;
    const [a, b] = [
      await request(slow).get('/standard-pricing').set('If-None-Match', etag),
      await request(fast).get('/standard-pricing').set('If-None-Match', etag),
    ];
    expect(b.status).toBe(304);
    expect(comparable(b)).toEqual(comparable(a));
  });

  it('passes on what is not a built page: 404 page, assets, API, encoded or escaping paths, other methods', async () => {
    for (const url of [
      '/nope',
      '/_astro/app.123.js',
      '/api/health',
      '/%2e%2e/etc/passwd',
      '/../../etc/passwd',
      '/standard-pricing.html',
      '/Standard-Pricing',
    ]) {
      const [a, b] = [await request(slow).get(url), await request(fast).get(url)];
      expect(b.status, url).toBe(a.status);
      expect(b.text, url).toBe(a.text);
    }
    expect((await request(fast).post('/standard-pricing')).status).toBe((await request(slow).post('/standard-pricing')).status);
  });

  it.skipIf(!fs.existsSync(path.join(MARKETING_DIST, 'index.html')))(
    'is wired into createApp with the app’s own helmet headers (needs npm run build)',
    async () => {
      const ctx = await createTestApp({ web: true });
      try {
        const page = await request(ctx.app).get('/standard-pricing');
        const api = await request(ctx.app).get('/api/health');
        expect(page.status).toBe(200);
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
          if (h !== 'content-security-policy') expect(page.headers[h], h).toBe(api.headers[h]);
        }
        // Pages carry the script hashes; an API-only app has none.
        expect(page.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*(;|$)/);
        const prod = createApp({
          db: ctx.db,
          config: { ...ctx.config, isProduction: true, env: 'production', stripe: { ...ctx.config.stripe, testMode: false } },
          stripe: ctx.stripe,
        });
        expect((await request(prod).get('/standard-pricing')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await ctx.close();
      }
    },
  );
});
