// GET /api/leads?state=&age=&zip=&page=&pageSize=: fresh leads for sale, filtered and paged by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { leadsQueryString, type LeadFilters, type LeadForSale, type Paged } from '@tm/shared/schemas/leads';

export const leadsKey = ['/api/leads'] as const;

export async function getLeads(filters: LeadFilters, page: number): Promise<Paged<LeadForSale>> {
  return (await api.getJson<Paged<LeadForSale>>(`/api/leads?${leadsQueryString(filters, page)}`))!;
}

export const leadsQuery = (filters: LeadFilters, page: number) =>
  queryOptions({ queryKey: [...leadsKey, filters, page], queryFn: () => getLeads(filters, page), placeholderData: keepPreviousData });

export function useLeads(filters: LeadFilters, page: number, enabled = true) {
  return useQuery({ ...leadsQuery(filters, page), enabled });
}
