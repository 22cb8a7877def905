// The Stripe publishable key as a query, for the portal's two checkouts (the dashboard's PaymentStep and
// the transfer checkout); the fetch itself is shared with the site (shared/src/stripe-public-key.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STRIPE_PUBLIC_KEY_PATH, getStripePublicKey } from '@tm/shared/stripe-public-key';

export const stripePublicKeyKey = [STRIPE_PUBLIC_KEY_PATH] as const;

export function useStripePublicKey() {
  return useQuery(queryOptions({ queryKey: stripePublicKeyKey, queryFn: getStripePublicKey }));
}
