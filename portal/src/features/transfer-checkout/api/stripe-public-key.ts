// GET /api/stripe/public-key: the publishable key, or test-payment mode.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { PublicKeyResponse } from '@tm/shared/schemas/payments';

export const stripePublicKeyKey = ['/api/stripe/public-key'] as const;

export async function getStripePublicKey(): Promise<PublicKeyResponse> {
  return (await api.getJson<PublicKeyResponse>('/api/stripe/public-key'))!;
}

export function useStripePublicKey() {
  return useQuery(queryOptions({ queryKey: stripePublicKeyKey, queryFn: getStripePublicKey }));
}
