// GET /api/admin/lead-pool?status=&q=&page=: imported leads waiting for (or given to) an agent.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { Page, PoolLead } from '@tm/shared/schemas/admin';
import { adminKeys } from './keys.ts';

export type PoolStatus = 'unassigned' | 'assigned' | 'all';

export async function getLeadPool(status: PoolStatus, q: string, page: number): Promise<Page<PoolLead>> {
  const params = new URLSearchParams({ status, q, page: String(page) });
  return (await api.getJson<Page<PoolLead>>(`/api/admin/lead-pool?${params}`))!;
}

export const leadPoolQuery = (status: PoolStatus, q: string, page: number) =>
  queryOptions({ queryKey: [...adminKeys.pool, status, q, page], queryFn: () => getLeadPool(status, q, page), placeholderData: keepPreviousData });

export function useLeadPool(status: PoolStatus, q: string, page: number) {
  return useQuery(leadPoolQuery(status, q, page));
}
