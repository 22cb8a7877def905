// GET /api/stripe/public-key: the Stripe publishable key, or null in test-payment mode. The one fetcher
// for every checkout, the site's (marketing islands) and the portal's (portal/src/lib/stripe-public-key.ts).
import { api } from './api-client.ts';
import type { PublicKeyResponse } from './schemas/payments.ts';

export const STRIPE_PUBLIC_KEY_PATH = '/api/stripe/public-key';

export async function getStripePublicKey(): Promise<PublicKeyResponse> {
  return (await api.getJson<PublicKeyResponse>(STRIPE_PUBLIC_KEY_PATH))!;
}
