// The operator's console (issue 36): bulk assignment by filter and count (leads from the pool, appointments
// for sale) with its batches, and the admin reports. Shared by the portal's forms and the API's validation.
import { z } from 'zod';
import { US_STATE_CODES_50_DC } from '../us-states.ts';
import { isValidTimeZone } from '../logic/transfer-rules.ts';
import { dateKeySchema, DATE_RANGE_MESSAGE } from './appointments.ts';
import { notAUsState } from './us-states.ts';

/** At most this many rows in one batch (one transaction, one mail). */
export const ASSIGN_BY_FILTER_MAX = 1000;
export const MAX_LEAD_AGE_DAYS = 3650;

const agentId = z.number({ error: 'Choose an agent' }).int('Choose an agent').positive('Choose an agent');
const count = z
  .number({ error: 'Count must be a number' })
  .int('Count must be a whole number')
  .min(1, 'Count must be at least 1')
  .max(ASSIGN_BY_FILTER_MAX, `Assign at most ${ASSIGN_BY_FILTER_MAX} at a time`);
/** Empty: every state. */
const states = z
  .array(z.string({ error: 'States must be two-letter codes such as TX' }).trim().toUpperCase(), { error: 'States must be a list such as ["TX"]' })
  .max(US_STATE_CODES_50_DC.length)
  .default([])
  .superRefine((list, ctx) => {
    const bad = list.find((c) => !US_STATE_CODES_50_DC.includes(c));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: notAUsState(bad) });
  })
  .transform((list) => [...new Set(list)].sort());
const dryRun = z.boolean({ error: 'dryRun must be true or false' }).default(false);
const ageDays = (name: string) =>
  z
    .number({ error: `${name} must be a number of days` })
    .int(`${name} must be a whole number of days`)
    .min(0, `${name} must be 0 or more`)
    .max(MAX_LEAD_AGE_DAYS, `${name} must be at most ${MAX_LEAD_AGE_DAYS}`)
    .nullable()
    .default(null);

/**
 * POST /api/admin/lead-pool/assign-by-filter: `count` unassigned pool leads of `states` whose age (days since
 * the form was filled, or since the import when the file gave no date) is within ageFrom..ageTo, oldest in
 * the pool first. dryRun: only how many match.
 */
export const assignLeadsByFilterSchema = z
  .object({ agentId, states, ageFrom: ageDays('Age from'), ageTo: ageDays('Age to'), count, dryRun })
  .superRefine((v, ctx) => {
    if (v.ageFrom !== null && v.ageTo !== null && v.ageTo < v.ageFrom) {
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: 'Age to must be at least Age from' });
    }
  });
export type AssignLeadsByFilterInput = z.input<typeof assignLeadsByFilterSchema>;
export type AssignLeadsByFilterValues = z.output<typeof assignLeadsByFilterSchema>;

const timeZone = z
  .string({ error: 'Time zone is required' })
  .trim()
  .refine(isValidTimeZone, 'Unknown time zone')
  .optional()
  .transform((v) => v ?? null);

/**
 * POST /api/admin/appointments/assign-by-filter: `count` appointments for sale in `states` whose call day
 * (in `timeZone`, by default the admin's) is within from..to, oldest call first.
 */
export const assignAppointmentsByFilterSchema = z
  .object({
    agentId,
    states,
    from: dateKeySchema.nullable().default(null),
    to: dateKeySchema.nullable().default(null),
    timeZone,
    count,
    dryRun,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_RANGE_MESSAGE });
  });
export type AssignAppointmentsByFilterInput = z.input<typeof assignAppointmentsByFilterSchema>;
export type AssignAppointmentsByFilterValues = z.output<typeof assignAppointmentsByFilterSchema>;

export interface AssignByFilterResult {
  matched: number;
  assigned: number;
  /** null for a dry run. */
  batchId: number | null;
}

export interface AssignmentBatchView {
  id: number;
  kind: 'leads' | 'appointments';
  agent: { id: number; email: string | null };
  filter: Record<string, unknown>;
  matched: number;
  assigned: number;
  createdAt: string;
  undoneAt: string | null;
  undoneCount: number | null;
}

export const ASSIGNMENT_BATCH_UNDONE_MESSAGE = 'This batch was already undone';

// ---------------------------------------------------------------------------------------------
// Reports

/** The longest range one report reads. */
export const REPORT_MAX_DAYS = 366;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=: days in the operator's zone (tz, by default the admin's own). */
export const reportQuerySchema = z
  .object({
    from: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), dateKeySchema),
    to: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), dateKeySchema),
    tz: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, timeZone),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_RANGE_MESSAGE });
    else if ((Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 >= REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** GET /api/admin/reports/revenue: one row per day and product with money paid and refunded that day. */
export interface RevenueRow {
  day: string;
  product: string;
  grossCents: number;
  refundedCents: number;
  netCents: number;
  orders: number;
}
/** GET /api/admin/reports/buyers: per buyer over the range. */
export interface BuyerRow {
  userId: number;
  email: string;
  transfersDelivered: number;
  disputes: number;
  credits: number;
  /** credits / transfersDelivered (0 when none delivered), 4 decimals. */
  creditRate: number;
}
/** GET /api/admin/reports/transfers: transfers delivered per buyer per day. */
export interface TransfersDayRow {
  day: string;
  userId: number;
  email: string;
  transfersDelivered: number;
}
/** GET /api/admin/reports/refunds: refunds by reason. */
export interface RefundReasonRow {
  reason: string;
  refunds: number;
  refundedCents: number;
}
/** GET /api/admin/reports/no-shows: appointments sold and no-shows reported per day. */
export interface NoShowRow {
  day: string;
  appointmentsSold: number;
  noShowsReported: number;
  noShowsCredited: number;
  /** noShowsCredited / appointmentsSold (0 when none sold), 4 decimals. */
  noShowRate: number;
}
export interface ReportPage<Row> {
  from: string;
  to: string;
  timeZone: string;
  rows: Row[];
}
