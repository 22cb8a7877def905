// GET /api/transfers: the agent's delivered calls, filtered and paginated by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { TransfersPage } from '@tm/shared/schemas/transfers';
import { transfersKey } from './keys.ts';

export interface TransferFilters {
  from?: string;
  to?: string;
  state?: string;
  billing?: string;
}

export function filtersQueryString(f: TransferFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
}

export async function getTransfers(filters: TransferFilters, page: number): Promise<TransfersPage> {
  return (await api.getJson<TransfersPage>(`/api/transfers?${filtersQueryString(filters, { page })}`))!;
}

export const transfersQuery = (filters: TransferFilters, page: number) =>
  queryOptions({ queryKey: [...transfersKey, filters, page], queryFn: () => getTransfers(filters, page), placeholderData: keepPreviousData });

export function useTransfers(filters: TransferFilters, page: number) {
  return useQuery(transfersQuery(filters, page));
}

/** The CSV download of the same filters (a plain link: the session cookie goes with it). */
export function exportCsvUrl(filters: TransferFilters): string {
  const qs = filtersQueryString(filters);
  return `/api/transfers/export.csv${qs ? `?${qs}` : ''}`;
}
