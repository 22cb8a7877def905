// POST /api/transfers/:id/disputes: disputes a billable call; the call list shows its status.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { DisputeInput, DisputeSummary } from '@tm/shared/schemas/transfers';
import { balanceKey, ledgerKey, transfersKey } from './keys.ts';

export function fileDispute(callId: number, input: DisputeInput): Promise<DisputeSummary> {
  return api.requestJson('POST', `/api/transfers/${callId}/disputes`, input);
}

export function useFileDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, input }: { callId: number; input: DisputeInput }) => fileDispute(callId, input),
    // The evidence rules may approve it at once: the balance and the ledger change with the list.
    onSuccess: () => Promise.all([transfersKey, balanceKey, ledgerKey].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
