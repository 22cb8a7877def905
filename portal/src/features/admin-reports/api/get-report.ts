// GET /api/admin/reports/<name>?from=&to=&tz=: one report's rows over a range of days in the operator's
// zone (the browser's), and the address of its CSV. Any report of the API reads through this one call.
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { ReportPage } from '@tm/shared/schemas/admin-console';

export interface ReportRangeValues {
  from: string;
  to: string;
  tz: string;
}

const params = (r: ReportRangeValues) => new URLSearchParams({ from: r.from, to: r.to, tz: r.tz }).toString();

/** The report's CSV (the same rows), for a plain download link. */
export const reportCsvUrl = (name: string, r: ReportRangeValues) => `/api/admin/reports/${name}.csv?${params(r)}`;

export async function getReport<Row>(name: string, r: ReportRangeValues): Promise<ReportPage<Row>> {
  return (await api.getJson<ReportPage<Row>>(`/api/admin/reports/${name}?${params(r)}`))!;
}

export const reportQuery = <Row>(name: string, r: ReportRangeValues) =>
  queryOptions({ queryKey: ['admin', 'reports', name, r.from, r.to, r.tz], queryFn: () => getReport<Row>(name, r), placeholderData: keepPreviousData });

export function useReport<Row>(name: string, r: ReportRangeValues) {
  return useQuery(reportQuery<Row>(name, r));
}
