// GET /api/admin/transfer-audit: every change to calls, disputes, balances and agent controls.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { AuditEntryView, Paged } from '@tm/shared/schemas/transfers';
import { auditKey } from './keys.ts';

export interface AuditFilters {
  agentId?: string;
  entity?: string;
}

export async function getAudit(filters: AuditFilters, page: number): Promise<Paged<AuditEntryView>> {
  const params = new URLSearchParams({ page: String(page) });
  if (filters.agentId) params.set('agentId', filters.agentId);
  if (filters.entity) params.set('entity', filters.entity);
  return (await api.getJson<Paged<AuditEntryView>>(`/api/admin/transfer-audit?${params}`))!;
}

export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({ queryKey: [...auditKey, filters, page], queryFn: () => getAudit(filters, page), placeholderData: keepPreviousData });

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery(auditQuery(filters, page));
}
