// GET /api/aged-leads and GET /api/leads (?state=&age=&zip=&consent=&maxSold=&page=&pageSize=, or after= /
// before= / fromAge= with skip=, decision 236): the leads for sale of one kind, filtered and paged by the
// server. One module for both lists, which differ only by their path; the answer is parsed with the
// shared output schema (decision 260).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import { leadsForSalePageSchema, leadsQueryString, type LeadFilters, type LeadForSale, type LeadsPlace, type Paged } from '@tm/shared/schemas/leads';

export type LeadKind = 'aged' | 'fresh';

const LEAD_LIST_PATH = { aged: '/api/aged-leads', fresh: '/api/leads' } as const satisfies Record<LeadKind, string>;

/** The query key of one list (every filter and page under it). */
export const leadsForSaleKey = (kind: LeadKind) => [LEAD_LIST_PATH[kind]] as const;

export async function getLeadsForSale(kind: LeadKind, filters: LeadFilters, page: number | LeadsPlace): Promise<Paged<LeadForSale>> {
  return leadsForSalePageSchema.parse(await api.getJson(`${LEAD_LIST_PATH[kind]}?${leadsQueryString(filters, page)}`));
}

export const leadsForSaleQuery = (kind: LeadKind, filters: LeadFilters, page: number | LeadsPlace) =>
  queryOptions({
    queryKey: [...leadsForSaleKey(kind), filters, page],
    queryFn: () => getLeadsForSale(kind, filters, page),
    placeholderData: keepPreviousData,
  });

export function useLeadsForSale(kind: LeadKind, filters: LeadFilters, page: number | LeadsPlace) {
  return useQuery(leadsForSaleQuery(kind, filters, page));
}
