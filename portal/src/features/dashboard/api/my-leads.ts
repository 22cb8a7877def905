// GET /api/my-leads: leads assigned to the agent (and the ones they bought).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { MyLead, Paged } from '@tm/shared/schemas/leads';

export const myLeadsKey = ['/api/my-leads'] as const;

export async function getMyLeads(page: number): Promise<Paged<MyLead>> {
  return (await api.getJson<Paged<MyLead>>(`/api/my-leads?page=${page}`))!;
}

export const myLeadsQuery = (page: number) => queryOptions({ queryKey: [...myLeadsKey, page], queryFn: () => getMyLeads(page), placeholderData: keepPreviousData });

export function useMyLeads(page: number) {
  return useQuery(myLeadsQuery(page));
}
