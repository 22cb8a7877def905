// The Leads tab's tools to correct mistakes (issue 26): take pool leads back or move them to another agent,
// delete unsold leads (the pool's and the shop's), the shop's leads and its for-sale inventory.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AdminSaleLead, AssignLeadsInput, LeadInventory, Page } from '@tm/shared/schemas/admin';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';
import { adminKeys } from './keys.ts';

export type SaleLeadStatus = 'unsold' | 'sold' | 'all';

/** Every list a lead tool changes: the pool, the shop's leads, the inventory and the audit log. */
function useInvalidateLeads() {
  const qc = useQueryClient();
  return () => Promise.all([adminKeys.pool, adminKeys.saleLeads, adminKeys.inventory, adminKeys.audit].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useUnassignLeads() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (leadIds: number[]) => api.requestJson<{ unassigned: number }>('POST', '/api/admin/lead-pool/unassign', { leadIds }),
    onSettled: invalidate,
  });
}

export function useReassignLeads() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (input: AssignLeadsInput) => api.requestJson<{ reassigned: number; agentId: number }>('POST', '/api/admin/lead-pool/reassign', input),
    onSettled: invalidate,
  });
}

export function useDeleteLeads(from: 'pool' | 'sale') {
  const invalidate = useInvalidateLeads();
  const url = from === 'pool' ? '/api/admin/lead-pool/delete' : '/api/admin/leads/delete';
  return useMutation({
    mutationFn: (leadIds: number[]) => api.requestJson<{ deleted: number }>('POST', url, { leadIds }),
    onSettled: invalidate,
  });
}

export async function getSaleLeads(status: SaleLeadStatus, q: string, page: number | ListPlace): Promise<Page<AdminSaleLead>> {
  const params = new URLSearchParams({ status, q, ...placeParams(page) });
  return (await api.getJson<Page<AdminSaleLead>>(`/api/admin/leads?${params}`))!;
}

export const saleLeadsQuery = (status: SaleLeadStatus, q: string, page: number | ListPlace) =>
  queryOptions({ queryKey: [...adminKeys.saleLeads, status, q, page], queryFn: () => getSaleLeads(status, q, page), placeholderData: keepPreviousData });

export function useSaleLeads(status: SaleLeadStatus, q: string, page: number | ListPlace) {
  return useQuery(saleLeadsQuery(status, q, page));
}

export function useLeadInventory() {
  return useQuery({ queryKey: adminKeys.inventory, queryFn: async () => (await api.getJson<LeadInventory>('/api/admin/leads/inventory'))! });
}

/** Where an import's refused rows download as a CSV to fix and upload again. */
export const refusedRowsUrl = (importId: number) => `/api/admin/lead-imports/${importId}/refused.csv`;
