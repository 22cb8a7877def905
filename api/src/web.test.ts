import { describe, it, expect, beforeAll } from 'vitest';
import express from 'express';
import request from 'supertest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { webRoutes, variantFor } from './web.ts';
import { testConfig } from './config.ts';

let app: express.Express;
beforeAll(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-web-'));
  const marketing = path.join(root, 'marketing');
  const portal = path.join(root, 'portal');
  const write = (dir: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write(marketing, 'index.html', 'HOME');
  write(marketing, 'survey.html', 'ONBOARDING SURVEY');
  write(marketing, 'special-survey.html', 'SPECIAL SURVEY');
  write(marketing, 'thank-you.html', 'THANKS DEFAULT');
  write(marketing, 'variants/thank-you-go.html', 'THANKS GO');
  write(marketing, 'variants/thank-you-special.html', 'THANKS SPECIAL');
  write(marketing, 'onboarding-success.html', 'SUCCESS 24 HOURS');
  write(marketing, 'variants/onboarding-success-special.html', 'SUCCESS CALL SCHEDULED');
  write(marketing, 'standard-pricing.html', 'PRICING');
  write(marketing, '404.html', 'Page Not Found');
  write(marketing, '_astro/app.123.js', 'console.log(1)');
  write(portal, 'index.html', 'PORTAL');
  app = express();
  app.use(webRoutes(testConfig(), { marketing, portal }));
});

describe('host and flag variants (docs/product/funnel.md#host-and-flag-variants)', () => {
  it.each([
    ['/', 'example.com', 'HOME'],
    ['/', 'go.example.com', 'ONBOARDING SURVEY'],
    ['/', 'ghl.example.com', 'SPECIAL SURVEY'],
    ['/?survey=1', 'example.com', 'ONBOARDING SURVEY'],
    ['/?special=1', 'example.com', 'SPECIAL SURVEY'],
    ['/thank-you', 'example.com', 'THANKS DEFAULT'],
    ['/thank-you', 'go.example.com', 'THANKS GO'],
    ['/thank-you', 'ghl.example.com', 'THANKS SPECIAL'],
    ['/thank-you?special=1', 'example.com', 'THANKS SPECIAL'],
    ['/onboarding-success', 'example.com', 'SUCCESS 24 HOURS'],
    ['/onboarding-success', 'ghl.example.com', 'SUCCESS CALL SCHEDULED'],
    ['/onboarding-success?special=1&payment_intent=pi_1', 'example.com', 'SUCCESS CALL SCHEDULED'],
  ])('%s on %s serves %s', async (url, host, text) => {
    const res = await request(app).get(url).set('Host', host);
    expect(res.status).toBe(200);
    expect(res.text).toBe(text);
  });

  it('reads prefixes and flags from configuration', () => {
    const routing = { goHostPrefix: 'apply.', ghlHostPrefix: 'vip.', surveyFlag: 's', specialFlag: 'vip' };
    expect(variantFor({ hostname: 'apply.site.com', query: {} }, routing)).toBe('go');
    expect(variantFor({ hostname: 'vip.site.com', query: {} }, routing)).toBe('special');
    expect(variantFor({ hostname: 'site.com', query: { vip: '1' } }, routing)).toBe('special');
    expect(variantFor({ hostname: 'go.site.com', query: {} }, routing)).toBe('default');
  });
});

describe('static site and portal', () => {
  it('serves built pages by clean path, gzipped, with an ETag and 304 on revalidation', async () => {
    const res = await request(app).get('/standard-pricing').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe('PRICING');
    const again = await request(app).get('/standard-pricing').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    expect(zlib.gunzipSync(zlib.gzipSync('x')).toString()).toBe('x');
  });

  it('serves the portal for its routes', async () => {
    for (const p of [
      '/login',
      '/dashboard',
      '/admin',
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
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await request(app).get('/_astro/app.123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers unknown paths and traversal attempts with the 404 page and status 404', async () => {
    for (const p of ['/no-such-page', '/../../etc/passwd', '/%2e%2e/secret']) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).toContain('Page Not Found');
    }
  });
});
