// POST /api/admin/transfer-calls: a delivered call entered by hand (same rules as the callback, without
// the agent's schedule).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ManualCallInput, TransferCallbackAccepted } from '@tm/shared/schemas/transfers';
import { auditKey } from './keys.ts';

export function recordCall(input: ManualCallInput): Promise<TransferCallbackAccepted> {
  return api.requestJson('POST', '/api/admin/transfer-calls', input);
}

export function useRecordCall() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: recordCall, onSuccess: () => qc.invalidateQueries({ queryKey: auditKey }) });
}
