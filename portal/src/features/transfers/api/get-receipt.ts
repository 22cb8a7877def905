// GET /api/orders/:id/receipt: one of the agent's own paid orders, for the printable receipt page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ReceiptView } from '@tm/shared/schemas/transfers';
import { receiptKey } from './keys.ts';

export async function getReceipt(orderId: number): Promise<ReceiptView> {
  return (await api.getJson<ReceiptView>(`/api/orders/${orderId}/receipt`))!;
}

export const receiptQuery = (orderId: number) => queryOptions({ queryKey: receiptKey(orderId), queryFn: () => getReceipt(orderId) });

export function useReceipt(orderId: number) {
  return useQuery({ ...receiptQuery(orderId), enabled: Number.isSafeInteger(orderId) && orderId > 0 });
}
