// The one place the Stripe SDK client is built: real Stripe when keys are configured; in test-payment
// mode (no STRIPE_SECRET_KEY, never in production) the same SDK pointed at the Stripe emulator, a
// development tool that runs beside the app (tools/stripe-emulator: `npm start`, `npm run dev` and the
// tests start it and give its address as STRIPE_EMULATOR_URL). The compiled API never contains it.
import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';

/** The API key the app sends to the emulator, the only one the emulator accepts. */
export const EMULATOR_SECRET_KEY = 'sk_test_emulator_0000000000000000';

function apiAddress(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export const EMULATOR_NEEDED =
  'Test-payment mode (no STRIPE_SECRET_KEY) needs the Stripe emulator: start the app with `npm start` or `npm run dev`, which run it (tools/stripe-emulator), or set STRIPE_EMULATOR_URL to where one listens. With real keys set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.';

export function createStripeClient(config: AppConfig): Stripe {
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
  if (!config.stripe.emulatorUrl) throw new Error(EMULATOR_NEEDED);
  return new Stripe(EMULATOR_SECRET_KEY, {
    ...apiAddress(config.stripe.emulatorUrl),
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
