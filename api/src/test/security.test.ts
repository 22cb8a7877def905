// Security headers and limits: helmet's headers with a Content-Security-Policy that allows only the site
// (plus Stripe when keyed, plus the configured embed hosts, inline scripts by hash only), HSTS in
// production, rate limits answering 429 with a clear message (login, account-creating forms, partner
// upload, webhooks, checkout), cross-site state-changing requests refused, and the session cookie's
// flags on a production-configured app.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import request from 'supertest';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { createApp, contentSecurityPolicy, STRIPE_WEBHOOK_RATE_LIMIT } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { inlineScriptHashes, MARKETING_DIST, PORTAL_DIST } from '../web.ts';
import { createTestApp, makeUser, type TestContext } from './harness.ts';
import { createStripeClient, EMULATOR_NEEDED } from '../services/payments/stripe-client.ts';
import { LOGIN_RATE_MESSAGE } from '../routes/accounts/auth.routes.ts';
import { CHECKOUT_RATE_MESSAGE } from '../routes/payments/payments.routes.ts';
import { WEBHOOK_RATE_LIMIT } from '../routes/brightcall/brightcall.routes.ts';
import { ACCOUNT_FORM_LIMIT, ACCOUNT_FORM_RATE_MESSAGE, PARTNER_FORM_LIMIT, PARTNER_FORM_RATE_MESSAGE } from '../services/funnel/limits.ts';
import { SESSION_LIFETIME_MS } from '../middleware/session.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { brightcall: { apiKey: 'sec-key' } } });
});
afterAll(() => ctx?.close());

/** A fresh app on the test database (its own rate-limit counters), with some config changed. */
function appWith(over: Partial<AppConfig> = {}, web = false): Express {
  return createApp({ db: ctx.db, config: { ...ctx.config, ...over }, clock: ctx.clock, stripe: ctx.stripe, web });
}

function csp(res: request.Response): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [k, ...v] = d.split(/\s+/);
        return [k!, v];
      }),
  );
}

const keyed: Partial<AppConfig> = { stripe: { secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: 'whsec_x', testMode: false } };

describe('Content-Security-Policy', () => {
  it('allows only the site by default: no inline scripts by keyword, no foreign script, frame or connect host', async () => {
    const res = await request(appWith()).get('/api/health');
    const p = csp(res);
    expect(p['default-src']).toEqual(["'self'"]);
    expect(p['script-src']![0]).toBe("'self'");
    expect(p['script-src']).not.toContain("'unsafe-inline'");
    expect(p['script-src']).not.toContain("'unsafe-eval'");
    expect(p['script-src']!.filter((s) => !s.startsWith("'sha256-") && s !== "'self'")).toEqual([]);
    expect(p['connect-src']).toEqual(["'self'"]);
    expect(p['frame-src']).toEqual(["'self'"]);
    expect(p['frame-ancestors']).toEqual(["'self'"]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['base-uri']).toEqual(["'self'"]);
    expect(p['form-action']).toEqual(["'self'"]);
    expect(p['script-src-attr']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('adds Stripe only when its keys are configured', async () => {
    const p = csp(await request(appWith(keyed)).get('/api/health'));
    expect(p['script-src']).toContain('https://js.stripe.com');
    expect(p['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(p['connect-src']).toContain('https://api.stripe.com');
    const test = csp(await request(appWith()).get('/api/health'));
    expect(JSON.stringify(test)).not.toContain('stripe');
  });

  it('adds the configured booking, survey and form-embed hosts (origins only), and nothing for unset or non-http values', async () => {
    const embeds = {
      bookingWidgetUrl: 'https://book.example.net/widget/booking/abc?x=1',
      websiteBookingUrl: 'https://book.example.net/other',
      onboardingSurveyUrl: 'https://forms.example.org/survey/1',
      specialSurveyUrl: undefined,
      formEmbedScriptUrl: 'https://cdn.forms.example.org/js/form_embed.js',
    };
    const p = csp(await request(appWith({ embeds })).get('/api/health'));
    expect(p['frame-src']).toEqual(["'self'", 'https://book.example.net', 'https://forms.example.org', 'https://cdn.forms.example.org']);
    expect(p['script-src']).toContain('https://cdn.forms.example.org');
    expect(p['script-src']).not.toContain('https://book.example.net');
    const fromEnv = testConfig();
    expect(fromEnv.embeds).toEqual({
      bookingWidgetUrl: undefined,
      websiteBookingUrl: undefined,
      onboardingSurveyUrl: undefined,
      specialSurveyUrl: undefined,
      formEmbedScriptUrl: undefined,
    });
  });

  it('hashes every inline script of the built pages, as built when the app starts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-csp-'));
    const dirs = { marketing: path.join(dir, 'm'), portal: path.join(dir, 'p') };
    fs.mkdirSync(path.join(dirs.marketing, 'variants'), { recursive: true });
    fs.mkdirSync(dirs.portal);
    const a = 'window.x=1;';
    const b = '(()=>{self.Astro=1})();';
    fs.writeFileSync(path.join(dirs.marketing, 'index.html'), `<html><script type="module">${a}</script><script src="/_astro/x.js"></script></html>`);
    fs.writeFileSync(path.join(dirs.marketing, 'variants', 'v.html'), `<script>${b}</script><script>${a}</script>`);
    fs.writeFileSync(path.join(dirs.portal, 'index.html'), '<script type="module" src="/app-assets/i.js"></script>');
    const sha = (s: string) => crypto.createHash('sha256').update(s).digest('base64');
    expect(inlineScriptHashes(dirs)).toEqual([sha(a), sha(b)].sort());
    // A rebuild is read by the next app (createApp reads the hashes once, with the built files).
    const c = 'window.rebuilt=true;';
    fs.writeFileSync(path.join(dirs.portal, 'index.html'), `<script>${c}</script>`);
    expect(inlineScriptHashes(dirs)).toEqual([sha(a), sha(b), sha(c)].sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!fs.existsSync(path.join(MARKETING_DIST, 'index.html')))(
    'covers every inline script of the real build, page by page (needs npm run build)',
    async () => {
      const app = appWith({}, true);
      const pages = ['/', '/checkout', '/survey', '/fex-quoter', '/ringcloud', '/brightcalldocs', '/onboarding', '/login', '/dashboard'];
      for (const page of pages) {
        const res = await request(app).get(page);
        if (res.status !== 200) continue;
        const allowed = new Set(csp(res)['script-src']);
        for (const m of res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          if (/\bsrc\s*=/.test(m[1]!) || !m[2]) continue;
          const h = `'sha256-${crypto.createHash('sha256').update(m[2]).digest('base64')}'`;
          expect(allowed.has(h), `${page}: inline script ${m[2].slice(0, 60)}... not allowed by the CSP`).toBe(true);
        }
      }
      expect(fs.existsSync(PORTAL_DIST)).toBe(true);
    },
  );

  it('a policy without hashes still parses (API-only apps)', async () => {
    const app = express();
    app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(ctx.config) }));
    app.get('/', (_q, r) => void r.send('ok'));
    expect(csp(await request(app).get('/'))['script-src']).toEqual(["'self'"]);
  });
});

describe('HSTS', () => {
  it('is sent in production (one year, subdomains) and not in development', async () => {
    const prod = await request(appWith({ isProduction: true, env: 'production', ...keyed })).get('/api/health');
    expect(prod.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(prod)['upgrade-insecure-requests']).toEqual([]);
    const dev = await request(appWith()).get('/api/health');
    expect(dev.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('rate limits answer 429 with a clear JSON message', () => {
  async function hammer(app: Express, n: number, send: (app: Express, i: number) => Promise<request.Response>): Promise<request.Response> {
    for (let i = 0; i < n; i++) {
      const r = await send(app, i);
      expect(r.status, `request ${i + 1} of ${n} was already limited`).not.toBe(429);
    }
    return send(app, n);
  }

  it('login: 10 failures per account, 30 per address', async () => {
    const user = await makeUser(ctx.db);
    const perAccount = await hammer(appWith(), 10, (app) => request(app).post('/api/login').send({ identifier: user.email, password: 'wrong-password' }));
    expect(perAccount.status).toBe(429);
    expect(perAccount.body.error).toBe(LOGIN_RATE_MESSAGE);
    const perIp = await hammer(appWith(), 30, (app, i) =>
      request(app)
        .post('/api/login')
        .send({ identifier: `nobody${i}@example.com`, password: 'x' }),
    );
    expect(perIp.status).toBe(429);
    expect(perIp.body.error).toBe(LOGIN_RATE_MESSAGE);
  });

  it('the forms that create accounts and the partner upload', async () => {
    for (const p of ['/api/survey', '/api/ringcloud-survey']) {
      const res = await hammer(appWith(), ACCOUNT_FORM_LIMIT, (app) => request(app).post(p).send({}));
      expect(res.status, p).toBe(429);
      expect(res.body.error).toBe(ACCOUNT_FORM_RATE_MESSAGE);
    }
    const partner = await hammer(appWith(), PARTNER_FORM_LIMIT, (app) => request(app).post('/api/affnetwork-signup').field('businessName', 'x'));
    expect(partner.status).toBe(429);
    expect(partner.body.error).toBe(PARTNER_FORM_RATE_MESSAGE);
  });

  it('the checkout', async () => {
    const res = await hammer(appWith(), 100, (app) => request(app).post('/api/create-payment-intent').send({ callCount: 0 }));
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(CHECKOUT_RATE_MESSAGE);
  });

  it('the webhooks (Stripe, voice-AI, transfer callbacks)', { timeout: 60_000 }, async () => {
    const stripe = await hammer(appWith(), STRIPE_WEBHOOK_RATE_LIMIT.limit, (app) =>
      request(app).post('/api/stripe/webhook').set('Content-Type', 'application/json').send('{}'),
    );
    expect(stripe.status).toBe(429);
    expect(stripe.body.error).toBe('Too many requests');
    const brightcall = await hammer(appWith(), WEBHOOK_RATE_LIMIT.limit, (app) => request(app).post('/api/callbacks/brightcall').send({}));
    expect(brightcall.status).toBe(429);
    expect(brightcall.body.error).toBe('Too many requests');
  });
});

describe('cross-site state-changing requests', () => {
  it('are refused (403) on the real app, development and production, and webhooks stay reachable', async () => {
    for (const app of [appWith(), appWith({ isProduction: true, env: 'production', publicOrigin: 'https://shop.example.com', ...keyed })]) {
      for (const [m, p] of [
        ['post', '/api/login'],
        ['post', '/api/admin/users'],
        ['put', '/api/transfers/settings'],
        ['delete', '/api/vapi/my-appointments/1'],
        ['post', '/api/create-payment-intent'],
      ] as const) {
        const origin = await request(app)[m](p).set('Origin', 'https://evil.example').send({});
        expect(origin.status, `${m} ${p}`).toBe(403);
        expect(origin.body.error).toBe('Cross-site request refused');
        expect((await request(app)[m](p).set('Sec-Fetch-Site', 'cross-site').send({})).status, `${m} ${p}`).toBe(403);
      }
      const hook = await request(app).post('/api/callbacks/brightcall').set('Origin', 'https://hooks.example').set('Sec-Fetch-Site', 'cross-site').send({});
      expect(hook.status).toBe(401);
    }
    const same = await request(appWith({ publicOrigin: 'https://shop.example.com' }))
      .post('/api/login')
      .set('Origin', 'https://shop.example.com')
      .send({});
    expect(same.status).toBe(400);
  });
});

describe('session cookie on a production-configured app', () => {
  it('is __Host-tm_session: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain, 12 hours; the test card endpoint is not mounted', async () => {
    const prodConfig: Partial<AppConfig> = { isProduction: true, env: 'production', publicOrigin: 'https://shop.example.com', ...keyed };
    const app = appWith(prodConfig);
    const user = await makeUser(ctx.db);
    const res = await request(app).post('/api/login').set('X-Forwarded-Proto', 'https').send({ identifier: user.email, password: user.password });
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-tm_session='))!;
    expect(cookie).toBeDefined();
    const attrs = cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/', `max-age=${SESSION_LIFETIME_MS / 1000 - 60}`]));
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
    const me = await request(app).get('/api/current-user').set('Cookie', cookie.split(';')[0]!);
    expect(me.status).toBe(200);
    // The server's own 12-hour limit, whatever the cookie's expiry says.
    ctx.clock.advance(SESSION_LIFETIME_MS + 1000);
    expect((await request(app).get('/api/current-user').set('Cookie', cookie.split(';')[0]!)).status).toBe(401);
    expect((await request(app).post('/api/test-payments/confirm').send({})).status).toBe(404);
  });

  it('production refuses to start without Stripe keys (no test-payment mode)', () => {
    expect(() => createStripeClient({ ...ctx.config, isProduction: true, env: 'production' })).toThrow(/production/);
  });

  it('test-payment mode without the Stripe emulator says how to start it', () => {
    expect(() => createStripeClient({ ...ctx.config, stripe: { ...ctx.config.stripe, emulatorUrl: undefined } })).toThrow(EMULATOR_NEEDED);
  });
});
