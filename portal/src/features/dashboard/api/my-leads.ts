// GET /api/my-leads?page=&after=&before=&q=: leads assigned to the agent (and the ones they bought), read by
// keyset (decision 254): page 1, or the page after / before a lead of the list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { MyLead, Paged } from '@tm/shared/schemas/leads';
import { placeParams, type ListPlace } from '@tm/shared/schemas/paging';

export const myLeadsKey = ['/api/my-leads'] as const;

const queryString = (place: number | ListPlace, q: string) => new URLSearchParams({ ...placeParams(place), ...(q ? { q } : {}) }).toString();

export async function getMyLeads(place: number | ListPlace, q = ''): Promise<Paged<MyLead>> {
  return (await api.getJson<Paged<MyLead>>(`/api/my-leads?${queryString(place, q)}`))!;
}

/** The CSV of My Leads (the same search), for the agent's CRM. */
export const myLeadsCsvUrl = (q: string) => `/api/my-leads/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export const myLeadsQuery = (place: number | ListPlace, q = '') =>
  queryOptions({ queryKey: [...myLeadsKey, place, q], queryFn: () => getMyLeads(place, q), placeholderData: keepPreviousData });

export function useMyLeads(place: number | ListPlace, q = '') {
  return useQuery(myLeadsQuery(place, q));
}
