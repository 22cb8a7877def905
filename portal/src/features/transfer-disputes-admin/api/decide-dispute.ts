// POST /api/admin/transfer-disputes/:id/approve { note? } or /deny { reason }: the queue and the audit
// log change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminDisputeView } from '@tm/shared/schemas/transfers';
import { auditKey, disputesKey } from './keys.ts';

export type Decision = { id: number; approve: true; note: string } | { id: number; approve: false; reason: string };

export function decideDispute(d: Decision): Promise<AdminDisputeView> {
  return d.approve
    ? api.requestJson('POST', `/api/admin/transfer-disputes/${d.id}/approve`, { note: d.note })
    : api.requestJson('POST', `/api/admin/transfer-disputes/${d.id}/deny`, { reason: d.reason });
}

export function useDecideDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideDispute,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: disputesKey });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
}
