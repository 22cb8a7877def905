// GET/PUT /api/admin/users/:userId/prices and DELETE .../prices/:priceId: a buyer's own prices for leads and
// appointments (decision 251). Each answers the buyer's prices as they now are.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { BuyerPriceInput, BuyerPricesView } from '@tm/shared/schemas/buyer-prices';
import { adminKeys } from './keys.ts';

const key = (userId: number) => [...adminKeys.users, 'prices', userId] as const;

export const buyerPricesQuery = (userId: number) =>
  queryOptions({ queryKey: key(userId), queryFn: async () => (await api.getJson<BuyerPricesView>(`/api/admin/users/${userId}/prices`))! });

export function useBuyerPrices(userId: number) {
  return useQuery(buyerPricesQuery(userId));
}

export function useSetBuyerPrice(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyerPriceInput) => api.requestJson<BuyerPricesView>('PUT', `/api/admin/users/${userId}/prices`, input),
    onSuccess: (data) => qc.setQueryData(key(userId), data),
  });
}

export function useRemoveBuyerPrice(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (priceId: number) => api.requestJson<BuyerPricesView>('DELETE', `/api/admin/users/${userId}/prices/${priceId}`),
    onSuccess: (data) => qc.setQueryData(key(userId), data),
  });
}
