// GET /api/transfers/balance: transfers left per paid order, spend and credits, and the pause state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransferBalanceView } from '@tm/shared/schemas/transfers';
import { balanceKey } from './keys.ts';

export async function getBalance(): Promise<TransferBalanceView> {
  return (await api.getJson<TransferBalanceView>('/api/transfers/balance'))!;
}

export const balanceQuery = () => queryOptions({ queryKey: balanceKey, queryFn: getBalance });

export function useBalance() {
  return useQuery(balanceQuery());
}
