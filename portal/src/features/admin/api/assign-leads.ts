// POST /api/admin/lead-pool/assign: gives the chosen pool leads to an agent (their My Leads).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AssignLeadsInput } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export function assignLeads(input: AssignLeadsInput): Promise<{ assigned: number; agentId: number }> {
  return api.requestJson('POST', '/api/admin/lead-pool/assign', input);
}

export function useAssignLeads() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignLeads, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.pool }) });
}
