// The one place the Stripe SDK client is built: real Stripe when keys are configured; in test-payment
// mode (no STRIPE_SECRET_KEY, never in production) the same SDK pointed at the embedded emulator.
import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import { StripeEmulator } from './emulator/stripe-emulator.ts';

export interface Payments {
  stripe: Stripe;
  /** The embedded provider in test-payment mode, null with real keys. */
  emulator: StripeEmulator | null;
  close: () => Promise<void>;
}

function apiAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function createStripeClient(config: AppConfig, emulatorAddress?: { host: string; port: number; secretKey: string }): Stripe {
  if (!config.stripe.testMode) {
    if (!config.stripe.secretKey) throw new Error('STRIPE_SECRET_KEY is required outside test-payment mode');
    return new Stripe(config.stripe.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      appInfo: { name: 'transfer-marketplace' },
      // STRIPE_API_URL (decision 175): a Stripe-compatible API in place of Stripe's, e.g. the emulator of the production rehearsal.
      ...(config.stripe.apiUrl ? apiAddress(config.stripe.apiUrl) : {}),
    });
  }
  if (config.isProduction) throw new Error('Test-payment mode is off in production: set STRIPE_SECRET_KEY');
  if (!emulatorAddress) throw new Error('Test-payment mode needs the emulator address');
  return new Stripe(emulatorAddress.secretKey, {
    host: emulatorAddress.host,
    port: emulatorAddress.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/**
 * Builds the Stripe client, starting the emulator first in test-payment mode. Its events go to
 * webhookUrl (the app's own /api/stripe/webhook), which may be set later via emulator.setWebhookUrl.
 */
export async function startPayments(
  config: AppConfig,
  opts: { webhookUrl?: string | null; onError?: (message: string, err?: unknown) => void } = {},
): Promise<Payments> {
  if (!config.stripe.testMode) return { stripe: createStripeClient(config), emulator: null, close: async () => {} };
  if (config.isProduction) throw new Error('Test-payment mode is off in production: set STRIPE_SECRET_KEY');
  const emulator = new StripeEmulator({ webhookSecret: config.stripe.webhookSecret, webhookUrl: opts.webhookUrl ?? null, onError: opts.onError });
  const address = await emulator.start();
  const stripe = createStripeClient(config, { ...address, secretKey: emulator.secretKey });
  return { stripe, emulator, close: () => emulator.stop() };
}
