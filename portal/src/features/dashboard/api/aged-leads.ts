// GET /api/aged-leads?state=&age=&zip=&page=&pageSize= (or after= / before= / fromAge= with skip=, decision 236): aged leads for sale, filtered and paged by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { leadsQueryString, type LeadFilters, type LeadForSale, type LeadsPlace, type Paged } from '@tm/shared/schemas/leads';

export const agedLeadsKey = ['/api/aged-leads'] as const;

export async function getAgedLeads(filters: LeadFilters, page: number | LeadsPlace): Promise<Paged<LeadForSale>> {
  return (await api.getJson<Paged<LeadForSale>>(`/api/aged-leads?${leadsQueryString(filters, page)}`))!;
}

export const agedLeadsQuery = (filters: LeadFilters, page: number | LeadsPlace) =>
  queryOptions({ queryKey: [...agedLeadsKey, filters, page], queryFn: () => getAgedLeads(filters, page), placeholderData: keepPreviousData });

export function useAgedLeads(filters: LeadFilters, page: number | LeadsPlace, enabled = true) {
  return useQuery({ ...agedLeadsQuery(filters, page), enabled });
}
