// GET/PUT /api/admin/users/:userId/transfer-controls: the buyer's Transfer Controls as the admin sees and
// sets them (`paused` is the admin's pause, covering transfers and assignments).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransferSettingsValues, TransferSettingsView } from '@tm/shared/schemas/transfers';
import { adminKeys } from './keys.ts';

const key = (userId: number) => [...adminKeys.users, 'transfer-controls', userId] as const;

export const transferControlsQuery = (userId: number) =>
  queryOptions({ queryKey: key(userId), queryFn: async () => (await api.getJson<TransferSettingsView>(`/api/admin/users/${userId}/transfer-controls`))! });

export function useTransferControls(userId: number) {
  return useQuery(transferControlsQuery(userId));
}

export function useSaveTransferControls(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: TransferSettingsValues) => api.requestJson<TransferSettingsView>('PUT', `/api/admin/users/${userId}/transfer-controls`, values),
    onSuccess: (data) => qc.setQueryData(key(userId), data),
  });
}
