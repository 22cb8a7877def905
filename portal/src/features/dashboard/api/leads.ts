// GET /api/leads?state=&age=&zip=&page=&pageSize= (or after= / before= / fromAge= with skip=, decision 236): fresh leads for sale, filtered and paged by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { leadsQueryString, type LeadFilters, type LeadForSale, type LeadsPlace, type Paged } from '@tm/shared/schemas/leads';

export const leadsKey = ['/api/leads'] as const;

export async function getLeads(filters: LeadFilters, page: number | LeadsPlace): Promise<Paged<LeadForSale>> {
  return (await api.getJson<Paged<LeadForSale>>(`/api/leads?${leadsQueryString(filters, page)}`))!;
}

export const leadsQuery = (filters: LeadFilters, page: number | LeadsPlace) =>
  queryOptions({ queryKey: [...leadsKey, filters, page], queryFn: () => getLeads(filters, page), placeholderData: keepPreviousData });

export function useLeads(filters: LeadFilters, page: number | LeadsPlace, enabled = true) {
  return useQuery({ ...leadsQuery(filters, page), enabled });
}
