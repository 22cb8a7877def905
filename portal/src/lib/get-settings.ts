// GET /api/transfers/settings: the agent's transfer controls.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransferSettingsView } from '@tm/shared/schemas/transfers';

/** Shared with the transfers feature's keys (it re-exports it). */
export const settingsKey = ['/api/transfers/settings'] as const;

export async function getSettings(): Promise<TransferSettingsView> {
  return (await api.getJson<TransferSettingsView>('/api/transfers/settings'))!;
}

export const settingsQuery = () => queryOptions({ queryKey: settingsKey, queryFn: getSettings });

export function useTransferSettings() {
  return useQuery(settingsQuery());
}
