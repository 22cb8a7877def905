// Buyers' balances (issue 36): GET /api/admin/low-balance (buyers at or below their own threshold),
// PUT /api/admin/users/:userId/low-balance-threshold, GET /api/admin/users/:userId/open-balance (the
// deactivation dialog's unused transfers and what refunding them returns).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { LowBalanceBuyer, OpenBalance } from '@tm/shared/schemas/buyer-balance';
import { adminKeys } from './keys.ts';

export const lowBalanceQuery = queryOptions({
  queryKey: [...adminKeys.users, 'low-balance'],
  queryFn: async () => (await api.getJson<{ items: LowBalanceBuyer[] }>('/api/admin/low-balance'))!.items,
});
export const useLowBalanceBuyers = () => useQuery(lowBalanceQuery);

export const openBalanceQuery = (userId: number) =>
  queryOptions({
    queryKey: [...adminKeys.users, 'open-balance', userId],
    queryFn: async () => (await api.getJson<OpenBalance>(`/api/admin/users/${userId}/open-balance`))!,
  });
export const useOpenBalance = (userId: number, enabled: boolean) => useQuery({ ...openBalanceQuery(userId), enabled });

export function useSetLowBalanceThreshold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, threshold }: { userId: number; threshold: number }) =>
      api.requestJson<{ userId: number; threshold: number }>('PUT', `/api/admin/users/${userId}/low-balance-threshold`, { threshold }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
