// POST /api/transfers/:id/disputes/review: the agent's one ask for a human review of a rule's denial.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { DisputeSummary } from '@tm/shared/schemas/transfers';
import { transfersKey } from './keys.ts';

export function requestReview(callId: number): Promise<DisputeSummary> {
  return api.requestJson('POST', `/api/transfers/${callId}/disputes/review`, {});
}

export function useRequestReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestReview,
    onSuccess: () => qc.invalidateQueries({ queryKey: transfersKey }),
  });
}
