import { describe, it, expect } from 'vitest';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, ConfigError } from './config.ts';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tm-config-'));

describe('configuration', () => {
  it('runs with nothing set in development: SQLite, generated secret kept across starts, test-payment mode', () => {
    const dir = dataDir();
    const a = loadConfig({}, { dataDir: dir });
    const b = loadConfig({}, { dataDir: dir });
    expect(a.databaseUrl).toBeUndefined();
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(a.stripe.testMode).toBe(true);
    expect(a.port).toBe(3000);
  });

  it('refuses to start in production without secrets, MySQL and Stripe keys, naming every variable at once', () => {
    try {
      loadConfig({ NODE_ENV: 'production' }, { dataDir: dataDir() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const v of [
        'SESSION_SECRET',
        'DATABASE_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'PUBLIC_ORIGIN',
        'REDIS_URL',
        'SMTP_URL',
      ])
        expect(msg).toContain(v);
    }
  });

  it('names a bad database pool size or timeout', () => {
    for (const env of [{ DB_TIMEOUT_MS: 'soon' }, { DB_TIMEOUT_MS: '-5' }, { DATABASE_POOL_MAX: '0' }]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig(env, { dataDir: dataDir() }), name).toThrow(name);
    }
    expect(() => loadConfig({ DB_TIMEOUT_MS: '0', DATABASE_POOL_MAX: '20' }, { dataDir: dataDir() })).not.toThrow();
  });

  it('names bad values: short secret, non-mysql URL, bad port', () => {
    try {
      loadConfig({ SESSION_SECRET: 'short', DATABASE_URL: 'postgres://x', PORT: 'abc' }, { dataDir: dataDir() });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
    }
    try {
      loadConfig({ SESSION_SECRET: 'short', DATABASE_URL: 'postgres://x' }, { dataDir: dataDir() });
      expect.unreachable();
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('SESSION_SECRET');
      expect(msg).toContain('DATABASE_URL');
    }
  });

  it('accepts a complete production configuration and ignores the test-only inactivity override', () => {
    const c = loadConfig(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'mysql://u:p@db:3306/app',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PUBLIC_ORIGIN: 'https://example.com',
        INACTIVITY_TIMEOUT_MS: '1000',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mailer:pw@smtp.example.com:587',
        MAIL_FROM: 'TransferLine <no-reply@example.com>',
      },
      { dataDir: dataDir() },
    );
    expect(c.isProduction).toBe(true);
    expect(c.redis.url).toBe('redis://cache:6379');
    expect(c.storage).toBe('db');
    expect(c.stripe.testMode).toBe(false);
    expect(c.inactivityTimeoutMs).toBe(600000);
    expect(c.mail.smtpUrl).toBe('smtp://mailer:pw@smtp.example.com:587');
    expect(c.mail.from).toBe('TransferLine <no-reply@example.com>');
    // CRM webhooks (decision 196): the SSRF guard is on in production, off in development and tests.
    expect(c.webhooks.guard).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }, { dataDir: dataDir() }).webhooks.guard).toBe(false);
  });

  it('writes mail as .eml files under data/mail without SMTP_URL outside production, and names a bad SMTP_URL', () => {
    const dir = dataDir();
    const c = loadConfig({}, { dataDir: dir });
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.mail.mailDir).toBe(path.join(dir, 'mail'));
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' }, { dataDir: dir })).toThrow('SMTP_URL');
  });

  it('Redis and storage: optional outside production, checked when given', () => {
    const c = loadConfig({}, { dataDir: dataDir() });
    expect(c.redis.url).toBeUndefined();
    expect(c.storage).toBe('local');
    expect(loadConfig({ STORAGE: 'db', REDIS_URL: 'redis://127.0.0.1:6379' }, { dataDir: dataDir() }).storage).toBe('db');
    expect(() => loadConfig({ REDIS_URL: 'http://x' }, { dataDir: dataDir() })).toThrow('REDIS_URL');
    expect(() => loadConfig({ STORAGE: 's3' }, { dataDir: dataDir() })).toThrow('STORAGE');
  });
});
