// GET /api/admin/abandoned-checkouts (unpaid orders) and POST .../:orderId/resend (one checkout-link
// e-mail, at most one per buyer per 24 hours).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AbandonedCheckoutsPage } from '@tm/shared/schemas/abandoned-checkouts';
import { adminKeys } from './keys.ts';

const key = [...adminKeys.orders, 'abandoned'] as const;

export function useAbandonedCheckouts(q: string, page: number) {
  return useQuery({
    queryKey: [...key, q, page],
    queryFn: async () =>
      (await api.getJson<AbandonedCheckoutsPage>(`/api/admin/abandoned-checkouts?${new URLSearchParams({ q, page: String(page) }).toString()}`))!,
  });
}

export function useResendCheckoutLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.requestJson<{ sentTo: string; checkoutUrl: string }>('POST', `/api/admin/abandoned-checkouts/${orderId}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
