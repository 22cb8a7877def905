// STRIPE_API_URL (decision 175): with real-key settings (as production requires) the Stripe SDK sends its
// calls to the configured Stripe-compatible API, here the emulator the production rehearsal starts.
import { describe, it, expect, afterAll } from 'vitest';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createStripeClient } from './stripe-client.ts';
import { StripeEmulator } from '@tm/stripe-emulator';
import { EMULATOR_SECRET_KEY } from './stripe-client.ts';

const emulator = new StripeEmulator({ webhookSecret: 'whsec_rehearsal', webhookUrl: null });
afterAll(() => emulator.stop());

const production = (over: Record<string, string>) =>
  loadConfig(
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'mysql://u:p@db:3306/app',
      STRIPE_SECRET_KEY: EMULATOR_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_rehearsal',
      STRIPE_WEBHOOK_SECRET: 'whsec_rehearsal',
      PUBLIC_ORIGIN: 'https://example.com',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...over,
    },
    { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tm-stripe-url-')) },
  );

describe('STRIPE_API_URL', () => {
  it('points the real-key Stripe client at the given API, in production settings', async () => {
    const { port } = await emulator.start();
    const config = production({ STRIPE_API_URL: `http://127.0.0.1:${port}` });
    expect(config.stripe.testMode).toBe(false);
    const stripe = createStripeClient(config);
    const intent = await stripe.paymentIntents.create({ amount: 4000, currency: 'usd' });
    expect(intent.id).toMatch(/^pi_/);
    expect(emulator.getIntent(intent.id)?.amount).toBe(4000);
  });

  it('is refused when it is no http(s) URL, or without a secret key (test-payment mode has its own emulator)', () => {
    expect(() => production({ STRIPE_API_URL: 'ftp://x' })).toThrow('STRIPE_API_URL');
    expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:1' }, { dataDir: os.tmpdir() })).toThrow('STRIPE_API_URL');
  });
});
