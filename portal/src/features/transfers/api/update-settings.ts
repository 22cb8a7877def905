// PUT /api/transfers/settings: saves the controls; the balance view shows the pause, so both refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransferSettingsValues, TransferSettingsView } from '@tm/shared/schemas/transfers';
import { balanceKey, settingsKey } from './keys.ts';

export function updateSettings(values: TransferSettingsValues): Promise<TransferSettingsView> {
  return api.requestJson('PUT', '/api/transfers/settings', values);
}

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      qc.setQueryData(settingsKey, data);
      void qc.invalidateQueries({ queryKey: balanceKey });
    },
  });
}
