// The Stripe emulator for test-payment mode, and how the tests and benchmarks start it beside an app.
import type Stripe from 'stripe';
import type { AppConfig } from '../../../api/src/config.ts';
import { createStripeClient } from '../../../api/src/services/payments/stripe-client.ts';
import { StripeEmulator } from './stripe-emulator.ts';

export { StripeEmulator, parseStripeForm, signPayload } from './stripe-emulator.ts';
export type { EmulatorEvent, Delivery, StripeEmulatorOptions } from './stripe-emulator.ts';

export interface TestPayments {
  /** The app's Stripe SDK client, pointed at the emulator. */
  stripe: Stripe;
  emulator: StripeEmulator;
  /** `config` with the emulator's address (config.stripe.emulatorUrl). */
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * Starts an emulator on an ephemeral port, signing its events with the app's webhook secret, and builds
 * the app's Stripe client for it. Its events go to webhookUrl (the app's own /api/stripe/webhook), which
 * may be set later with emulator.setWebhookUrl once the app listens. Refuses a production config.
 */
export async function startPayments(
  config: AppConfig,
  opts: { webhookUrl?: string | null; onError?: (message: string, err?: unknown) => void } = {},
): Promise<TestPayments> {
  if (config.isProduction || !config.stripe.testMode) throw new Error('The Stripe emulator is for test-payment mode outside production only');
  const emulator = new StripeEmulator({ webhookSecret: config.stripe.webhookSecret, webhookUrl: opts.webhookUrl ?? null, onError: opts.onError });
  const { host, port } = await emulator.start();
  const withEmulator: AppConfig = { ...config, stripe: { ...config.stripe, emulatorUrl: `http://${host}:${port}` } };
  return { stripe: createStripeClient(withEmulator), emulator, config: withEmulator, close: () => emulator.stop() };
}
