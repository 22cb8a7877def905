// GET /api/admin/reports/campaigns (revenue, orders and new agents by source / medium / campaign over a date
// range in the operator's zone) and the URLs of its CSV and of the conversion exports for the same range.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { CampaignReport } from '@tm/shared/schemas/attribution';

export interface CampaignRange {
  from: string;
  to: string;
}

const params = (r: CampaignRange, tz: string) => new URLSearchParams({ from: r.from, to: r.to, tz }).toString();

export const campaignsCsvUrl = (r: CampaignRange, tz: string) => `/api/admin/reports/campaigns.csv?${params(r, tz)}`;
export const googleAdsCsvUrl = (r: CampaignRange, tz: string) => `/api/admin/conversions/google-ads.csv?${params(r, tz)}`;
export const metaJsonUrl = (r: CampaignRange, tz: string) => `/api/admin/conversions/meta.json?${params(r, tz)}`;

export function useCampaignReport(r: CampaignRange, tz: string) {
  return useQuery({
    queryKey: ['admin', 'campaigns', r, tz],
    queryFn: async () => (await api.getJson<CampaignReport>(`/api/admin/reports/campaigns?${params(r, tz)}`))!,
    placeholderData: keepPreviousData,
  });
}
