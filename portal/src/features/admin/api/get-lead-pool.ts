// GET /api/admin/lead-pool?status=&q=&page= (and after= / before=, decision 236): imported leads waiting for (or given to) an agent.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { Page, PoolLead } from '@tm/shared/schemas/admin';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';
import { adminKeys } from './keys.ts';

export type PoolStatus = 'unassigned' | 'assigned' | 'all';

export async function getLeadPool(status: PoolStatus, q: string, page: number | ListPlace): Promise<Page<PoolLead>> {
  const params = new URLSearchParams({ status, q, ...placeParams(page) });
  return (await api.getJson<Page<PoolLead>>(`/api/admin/lead-pool?${params}`))!;
}

export const leadPoolQuery = (status: PoolStatus, q: string, page: number | ListPlace) =>
  queryOptions({ queryKey: [...adminKeys.pool, status, q, page], queryFn: () => getLeadPool(status, q, page), placeholderData: keepPreviousData });

export function useLeadPool(status: PoolStatus, q: string, page: number | ListPlace) {
  return useQuery(leadPoolQuery(status, q, page));
}
