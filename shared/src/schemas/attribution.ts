// Ad attribution on the wire (issue 37, decision 232): what the funnel's forms send beside their fields, and
// what the admin's order, user and campaign screens read.
import { z } from 'zod';
import type { Touch } from '../logic/attribution.ts';

/**
 * The `attribution` field of every checkout and sign-up payload: whatever the browser kept, read by
 * sanitizeAttribution on the server (never refused: a bad value never breaks a checkout). Multipart forms
 * send it as JSON text.
 */
export const attributionField = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return undefined;
    }
  }, z.unknown())
  .optional();

/** A stored attribution as the admin sees it (order, user, sign-up). */
export interface AttributionView {
  first: Touch | null;
  last: Touch | null;
  /** "source / medium / campaign" of the last touch, "(direct)" without one. */
  label: string;
}

const isoDay = (field: string) =>
  z.string({ error: `${field} must be a date (YYYY-MM-DD)` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`);

/** GET /api/admin/reports/campaigns and the conversion exports: a date range (both days included) in a zone. */
export const dateRangeQuerySchema = z
  .object({
    from: isoDay('from'),
    to: isoDay('to'),
    /** The operator's IANA zone (the screen sends the browser's); default America/New_York. */
    tz: z.string().max(64).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to must not be before from' });
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

export interface CampaignRow {
  source: string;
  medium: string;
  campaign: string;
  orders: number;
  grossCents: number;
  netCents: number;
  newAgents: number;
}
export interface CampaignReport {
  rows: CampaignRow[];
}
