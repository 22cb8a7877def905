// GET /api/orders/by-intent/:id: the stored order's state, so a paid or dead order is not offered again.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { OrderView } from '@tm/shared/schemas/payments';

export async function getOrderByIntent(paymentIntentId: string): Promise<OrderView> {
  return (await api.getJson<OrderView>(`/api/orders/by-intent/${encodeURIComponent(paymentIntentId)}`))!;
}

export const orderByIntentQuery = (paymentIntentId: string) =>
  queryOptions({ queryKey: ['/api/orders/by-intent', paymentIntentId], queryFn: () => getOrderByIntent(paymentIntentId) });

export function useOrderByIntent(paymentIntentId: string | null) {
  return useQuery({ ...orderByIntentQuery(paymentIntentId ?? ''), enabled: paymentIntentId !== null });
}
