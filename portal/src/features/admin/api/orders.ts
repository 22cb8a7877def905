// Admin Orders: GET /api/admin/orders (filters, page), GET /api/admin/orders/:id, POST .../refunds, and
// the fulfilment actions of an owed order (POST .../fulfil, POST .../deliveries; issue 13 item 2).
import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminOrderDetail, AdminOrdersPage, RefundResult } from '@tm/shared/schemas/admin-business';
import { adminKeys } from './keys.ts';

export interface OrderFilters {
  status: string;
  product: string;
  from: string;
  to: string;
  q: string;
}

export function ordersParams(f: OrderFilters, page?: number): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  if (page) p.set('page', String(page));
  return p;
}

export const ordersQuery = (f: OrderFilters, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.orders, 'list', f, page],
    queryFn: async () => (await api.getJson<AdminOrdersPage>(`/api/admin/orders?${ordersParams(f, page)}`))!,
    placeholderData: keepPreviousData,
  });

export function useOrders(f: OrderFilters, page: number) {
  return useQuery(ordersQuery(f, page));
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.orders, 'one', id],
    queryFn: async () => (await api.getJson<AdminOrderDetail>(`/api/admin/orders/${id}`))!,
    enabled: id !== null,
  });
}

export function useRefundOrder(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { amountCents?: number; reason?: string; moneyOnly?: boolean; idempotencyKey: string }) =>
      api.requestJson<RefundResult>('POST', `/api/admin/orders/${id}/refunds`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}

/** Cancel a pending (unpaid) order: its payment is voided and its held items go back on sale. */
export function useCancelOrder(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.requestJson<AdminOrderDetail>('POST', `/api/admin/orders/${id}/cancel`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}

/** Complete an owed order (fulfil) or record delivered call-backs (deliveries). */
export function useFulfilmentAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: 'fulfil' } | { action: 'deliveries'; count: number }) =>
      a.action === 'fulfil'
        ? api.requestJson<unknown>('POST', `/api/admin/orders/${id}/fulfil`, {})
        : api.requestJson<unknown>('POST', `/api/admin/orders/${id}/deliveries`, { count: a.count }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
