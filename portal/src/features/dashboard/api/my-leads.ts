// GET /api/my-leads: leads assigned to the agent (and the ones they bought).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { MyLead, Paged } from '@tm/shared/schemas/leads';

export const myLeadsKey = ['/api/my-leads'] as const;

const searchParam = (q: string) => (q ? `&q=${encodeURIComponent(q)}` : '');

export async function getMyLeads(page: number, q = ''): Promise<Paged<MyLead>> {
  return (await api.getJson<Paged<MyLead>>(`/api/my-leads?page=${page}${searchParam(q)}`))!;
}

/** The CSV of My Leads (the same search), for the agent's CRM. */
export const myLeadsCsvUrl = (q: string) => `/api/my-leads/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export const myLeadsQuery = (page: number, q = '') =>
  queryOptions({ queryKey: [...myLeadsKey, page, q], queryFn: () => getMyLeads(page, q), placeholderData: keepPreviousData });

export function useMyLeads(page: number, q = '') {
  return useQuery(myLeadsQuery(page, q));
}
