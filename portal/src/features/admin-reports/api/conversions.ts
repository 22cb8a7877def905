// The conversion files for the ad platforms over the Reports screen's range (issue 37 point 3):
// GET /api/admin/conversions/google-ads.csv and /meta.json, plain download links.
import type { ReportRangeValues } from './get-report.ts';

const params = (r: ReportRangeValues) => new URLSearchParams({ from: r.from, to: r.to, tz: r.tz }).toString();

export const googleAdsCsvUrl = (r: ReportRangeValues) => `/api/admin/conversions/google-ads.csv?${params(r)}`;
export const metaJsonUrl = (r: ReportRangeValues) => `/api/admin/conversions/meta.json?${params(r)}`;
