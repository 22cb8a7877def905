// GET /api/transfers/settings: the agent's current Transfer Controls, where a re-order's form starts
// (issue 34 item 3) and what its change summary compares with.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransferSettingsView } from '@tm/shared/schemas/transfers';

export const transferControlsKey = ['/api/transfers/settings', 'order-form'] as const;

export async function getTransferControls(): Promise<TransferSettingsView> {
  return (await api.getJson<TransferSettingsView>('/api/transfers/settings'))!;
}

export const transferControlsQuery = () => queryOptions({ queryKey: transferControlsKey, queryFn: getTransferControls, staleTime: 0 });

export function useTransferControls(enabled = true) {
  return useQuery({ ...transferControlsQuery(), enabled });
}
