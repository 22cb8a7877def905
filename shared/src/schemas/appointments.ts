// The query strings of the appointment lists agents use: Buy Appointments (filters and sort, applied by
// the server) and My Appointments (search, CSV export). Shared by the portal's filter form and the API.
import { z } from 'zod';
import { US_STATE_CODES_50_DC } from '../us-states.ts';
import { US_STATE_MESSAGE } from './us-states.ts';
import { ONE_CURSOR_MESSAGE, checkCursorPage, cursorParams, placeParams, type ListPlace } from './paging.ts';

export const APPOINTMENTS_PAGE_SIZE = 20;
export const APPOINTMENTS_MAX_PAGE_SIZE = 100;

/** Lead quality as the voice AI grades a call (stored case as sent; compared in lower case). */
export const LEAD_QUALITIES = ['hot', 'warm', 'cold'] as const;
export type LeadQuality = (typeof LEAD_QUALITIES)[number];
export const LEAD_QUALITY_LABELS: Record<LeadQuality, string> = { hot: 'Hot', warm: 'Warm', cold: 'Cold' };

/** Orders of Buy Appointments; `newest` (newest call first) is the default. */
export const APPOINTMENT_SORTS = ['newest', 'oldest', 'confidence', 'quality', 'state'] as const;
export type AppointmentSort = (typeof APPOINTMENT_SORTS)[number];
export const APPOINTMENT_SORT_LABELS: Record<AppointmentSort, string> = {
  newest: 'Newest call first',
  oldest: 'Oldest call first',
  confidence: 'Highest confidence first',
  quality: 'Best quality first (hot, warm, cold)',
  state: 'State (A to Z)',
};

export const DATE_FILTER_MESSAGE = 'Enter a date as YYYY-MM-DD';
export const DATE_RANGE_MESSAGE = 'The end date must be on or after the start date';
export const QUALITY_FILTER_MESSAGE = 'Lead quality must be hot, warm or cold';
export const VERIFIED_FILTER_MESSAGE = 'Verified must be true or false';
export const SORT_MESSAGE = `Sort must be one of: ${APPOINTMENT_SORTS.join(', ')}`;

// A query string may repeat a key (?state=TX&state=FL) or hold a comma list; both read the same.
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const positiveInt = (fallback: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(first(v))),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .max(max, `${name} must be at most ${max}`),
  );

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 is refused). */
export const dateKeySchema = z
  .string({ error: DATE_FILTER_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FILTER_MESSAGE)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, DATE_FILTER_MESSAGE);

/** "hot, warm" or ["hot","warm"] or ?quality=hot&quality=warm -> ["hot","warm"] (trimmed, de-duplicated). */
const splitParam = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(/[\s,;]+/)).filter(Boolean);
  return parts.length ? parts : undefined;
};

// The whole list is refused under the field's own name (not "quality.1"), so the form shows it there.
const qualityList = z.preprocess(
  splitParam,
  z
    .array(z.string(), { error: QUALITY_FILTER_MESSAGE })
    .transform((list) => [...new Set(list.map((q) => q.toLowerCase()))])
    .refine((list) => list.length <= LEAD_QUALITIES.length && list.every((q) => (LEAD_QUALITIES as readonly string[]).includes(q)), QUALITY_FILTER_MESSAGE)
    .transform((list) => list as LeadQuality[])
    .optional(),
);

const stateList = z.preprocess(
  splitParam,
  z
    .array(z.string(), { error: US_STATE_MESSAGE })
    .transform((list) => [...new Set(list.map((s) => s.toUpperCase()))])
    .refine((list) => list.length <= US_STATE_CODES_50_DC.length && list.every((c) => US_STATE_CODES_50_DC.includes(c)), US_STATE_MESSAGE)
    .optional(),
);

const booleanParam = z.preprocess(
  (v) => {
    const s = first(blankToUndefined(first(v)));
    if (s === undefined) return false;
    if (s === true || s === 'true' || s === '1' || s === 'on') return true;
    if (s === false || s === 'false' || s === '0' || s === 'off') return false;
    return s;
  },
  z.boolean({ error: VERIFIED_FILTER_MESSAGE }),
);

/**
 * GET /api/vapi/available-appointments: ?state=TX,FL&from=2026-11-01&to=2026-11-30&verified=true
 * &quality=hot,warm&sort=newest&page=&pageSize=. The dates are days of the call, on the agent's clock.
 */
export const availableAppointmentsQuerySchema = z
  .object({
    page: positiveInt(1, 1_000_000, 'Page'),
    pageSize: positiveInt(APPOINTMENTS_PAGE_SIZE, APPOINTMENTS_MAX_PAGE_SIZE, 'Page size'),
    state: stateList,
    from: z.preprocess((v) => blankToUndefined(first(v)), dateKeySchema.optional()),
    to: z.preprocess((v) => blankToUndefined(first(v)), dateKeySchema.optional()),
    verified: booleanParam,
    quality: qualityList,
    sort: z.preprocess((v) => blankToUndefined(first(v)) ?? 'newest', z.enum(APPOINTMENT_SORTS, { error: SORT_MESSAGE })),
    /** Newest and oldest first read by keyset (decision 236): the page after / before this appointment. */
    ...cursorParams,
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: ONE_CURSOR_MESSAGE });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_RANGE_MESSAGE });
  })
  .transform((q) => ({
    page: q.page,
    pageSize: q.pageSize,
    states: q.state ?? [],
    from: q.from ?? null,
    to: q.to ?? null,
    verifiedOnly: q.verified,
    qualities: q.quality ?? [],
    sort: q.sort,
    after: q.after,
    before: q.before,
  }));
export type AvailableAppointmentsQuery = z.output<typeof availableAppointmentsQuerySchema>;

/** What the Buy Appointments filter form holds. */
export interface AppointmentFilters {
  states: string[];
  from: string;
  to: string;
  verifiedOnly: boolean;
  qualities: LeadQuality[];
  sort: AppointmentSort;
}
export const EMPTY_APPOINTMENT_FILTERS: AppointmentFilters = { states: [], from: '', to: '', verifiedOnly: false, qualities: [], sort: 'newest' };

/** The query string of GET /api/vapi/available-appointments for some filters and a page. */
export function appointmentsQueryString(f: AppointmentFilters, page: number | ListPlace, pageSize = APPOINTMENTS_PAGE_SIZE): string {
  const p = new URLSearchParams();
  if (f.states.length) p.set('state', f.states.join(','));
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.verifiedOnly) p.set('verified', 'true');
  if (f.qualities.length) p.set('quality', f.qualities.join(','));
  if (f.sort !== 'newest') p.set('sort', f.sort);
  for (const [k, v] of Object.entries(placeParams(page))) p.set(k, v);
  p.set('pageSize', String(pageSize));
  return p.toString();
}

/** My Appointments' search: a name, phone, e-mail or state fragment; empty means everything. */
export const MY_APPOINTMENTS_SEARCH_MAX = 100;
const searchText = z.preprocess(
  first,
  z
    .string({ error: 'Search must be text' })
    .trim()
    .max(MY_APPOINTMENTS_SEARCH_MAX, `Search must be at most ${MY_APPOINTMENTS_SEARCH_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
);
/** My Appointments, newest purchase first, read by keyset (decision 254): the page after / before an appointment. */
export const myAppointmentsQuerySchema = z
  .object({
    page: positiveInt(1, 1_000_000, 'Page'),
    pageSize: positiveInt(APPOINTMENTS_PAGE_SIZE, APPOINTMENTS_MAX_PAGE_SIZE, 'Page size'),
    q: searchText,
    ...cursorParams,
  })
  .superRefine(checkCursorPage);
export const myAppointmentsExportQuerySchema = z.object({ q: searchText });

export const MY_APPOINTMENTS_CSV_HEADER = [
  'Name',
  'Phone',
  'Email',
  'State',
  'Appointment',
  'Lead quality',
  'Confidence %',
  'Call status',
  'Purchased (UTC)',
  'Call date (UTC)',
  'Price',
  'Summary',
  'Notes',
];
