// Lead marketplace queries and purchases: the filters of Buy Aged Leads / Buy Leads (state, age in
// days, zip; each a comma-separated list), server-side pagination, and the shapes the API answers.
import { z } from 'zod';
import { parseAgeFilter, type AgeCondition } from '../logic/age-filter.ts';
import { checkCursorPage, checkPageBound, pageParams, pageSchema, positiveIntParam, type Page } from './paging.ts';

export { MAX_PAGE_SIZE, pageQuerySchema } from './paging.ts';
/** The one page type (schemas/paging.ts), under the name the lead and appointment lists import. */
export type Paged<T> = Page<T>;

/** Aged leads show 50 per page; the fresh-lead list uses the same size (its own is not specified). */
export const LEADS_PAGE_SIZE = 50;
export const MAX_FILTER_VALUES = 60;
export const MAX_LEADS_PER_PURCHASE = 500;
/** Rows a cursor page may pass over (4 pages of the largest size): what the pager's numbered window needs, no more. */
export const MAX_CURSOR_SKIP = 400;
export const CURSOR_ONE_MESSAGE = 'Use one of after, before or fromAge';

export const NO_LEADS_SELECTED = 'Please select at least one lead to purchase.';
export const STATE_FILTER_MESSAGE = 'States must be two-letter codes such as TX, FL';
export const ZIP_FILTER_MESSAGE = 'Zip codes must be 5 digits';
/** One value of the state filter (after upper-casing) and of the zip filter; the form checks the same. */
export const isStateFilterValue = (s: string) => /^[A-Z]{2}$/.test(s);
export const isZipFilterValue = (s: string) => /^\d{5}$/.test(s);

/** "tx, FL,,ca" -> ["TX", "FL", "CA"] (trimmed, de-duplicated). */
export function splitList(text: string | null | undefined, upper = false): string[] {
  const out: string[] = [];
  for (const raw of String(text ?? '').split(',')) {
    const v = upper ? raw.trim().toUpperCase() : raw.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

// Query strings may repeat a key (?state=TX&state=FL): read both forms.
const listParam = z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), z.string().max(2000, 'Filter is too long').optional());

/** ?consent=: leads that carry a consent record (any), or a TrustedForm / Jornaya certificate. */
export const CONSENT_FILTERS = ['any', 'certificate'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];
export const CONSENT_FILTER_MESSAGE = 'Consent must be any or certificate';
/** ?maxSold=: sold at most this many times before (0: never sold). */
export const MAX_SOLD_FILTER = 100;

const firstOf = (v: unknown) => (Array.isArray(v) ? v[0] : v) || undefined;

export const leadsQuerySchema = z
  .object({
    state: listParam,
    age: listParam,
    zip: listParam,
    ...pageParams(LEADS_PAGE_SIZE),
    consent: z.preprocess(firstOf, z.enum(CONSENT_FILTERS, { error: CONSENT_FILTER_MESSAGE }).optional()),
    maxSold: z.preprocess(
      (v) => (firstOf(v) === undefined ? undefined : Number(firstOf(v))),
      z
        .number({ error: 'Times sold must be a number' })
        .int('Times sold must be a whole number')
        .min(0, 'Times sold must be at least 0')
        .max(MAX_SOLD_FILTER, `Times sold must be at most ${MAX_SOLD_FILTER}`)
        .optional(),
    ),
    /** The cursor of the page before (its nextCursor): the page that follows it, at any depth. */
    after: z.preprocess(firstOf, positiveIntParam(1, Number.MAX_SAFE_INTEGER, 'After').optional()),
    /** The cursor of the page after (its prevCursor): the page that comes before it, at any depth. */
    before: z.preprocess(firstOf, positiveIntParam(1, Number.MAX_SAFE_INTEGER, 'Before').optional()),
    /** The jump: the page that starts at the first lead this many days old or older (a seek on the list's sort key). */
    fromAge: z.preprocess(
      firstOf,
      z.coerce
        .number({ error: 'Age must be a number' })
        .int('Age must be a whole number')
        .min(0, 'Age must be at least 0')
        .max(100_000, 'Age must be at most 100000')
        .optional(),
    ),
    /** With a cursor: rows passed over after it (the numbered buttons a few pages on), at most MAX_CURSOR_SKIP. */
    skip: z.preprocess(
      firstOf,
      z.coerce
        .number({ error: 'Skip must be a number' })
        .int('Skip must be a whole number')
        .min(0, 'Skip must be at least 0')
        .max(MAX_CURSOR_SKIP, `Skip must be at most ${MAX_CURSOR_SKIP}`)
        .optional(),
    ),
  })
  .superRefine((q, ctx) => {
    const cursors = (['after', 'before', 'fromAge'] as const).filter((k) => q[k] !== undefined);
    // With a cursor, `page` only names the page (its number as the screen counts): no rows are skipped by it.
    if (cursors.length === 0) checkPageBound(q, ctx);
    if (cursors.length > 1) ctx.addIssue({ code: 'custom', path: [cursors[1]!], message: CURSOR_ONE_MESSAGE });
    if (q.skip && cursors.length === 0) ctx.addIssue({ code: 'custom', path: ['skip'], message: 'Skip needs after, before or fromAge' });
  })
  .transform((q, ctx) => {
    const states = splitList(q.state, true);
    const zips = splitList(q.zip);
    const age = parseAgeFilter(q.age);
    if (states.length > MAX_FILTER_VALUES || states.some((s) => !isStateFilterValue(s))) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: STATE_FILTER_MESSAGE });
    }
    if (zips.length > MAX_FILTER_VALUES || zips.some((s) => !isZipFilterValue(s))) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_FILTER_MESSAGE });
    }
    if (!age.ok) ctx.addIssue({ code: 'custom', path: ['age'], message: age.error });
    return {
      states,
      zips,
      ages: age.ok ? age.conditions : [],
      consent: q.consent,
      maxSold: q.maxSold,
      after: q.after,
      before: q.before,
      fromAge: q.fromAge,
      skip: q.skip,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
export type LeadsQuery = z.output<typeof leadsQuerySchema>;

export type { AgeCondition };

/** My Leads' search: a name, e-mail, phone, state or ZIP fragment; empty means everything. */
export const MY_LEADS_SEARCH_MAX = 100;
const searchText = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(MY_LEADS_SEARCH_MAX, `Search must be at most ${MY_LEADS_SEARCH_MAX} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));
/** A place in My Leads: a lead of the list by its id there (`purchased-12`, `assigned-7`). */
export const MY_LEAD_CURSOR = /^(assigned|purchased)-[1-9]\d{0,15}$/;
const myLeadCursor = (name: 'After' | 'Before') =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v) || undefined,
    z
      .string({ error: `${name} must be a lead of My Leads, such as purchased-12` })
      .regex(MY_LEAD_CURSOR, `${name} must be a lead of My Leads, such as purchased-12`)
      .optional(),
  );
/** GET /api/my-leads: a page number, or the page after / before a lead of the list (keyset, decision 254). */
export const myLeadsQuerySchema = (defaultSize: number) =>
  z.object({ ...pageParams(defaultSize), q: searchText, after: myLeadCursor('After'), before: myLeadCursor('Before') }).superRefine(checkCursorPage);
export const myLeadsExportQuerySchema = z.object({ q: searchText });

/** What the filter inputs hold (the text the agent typed). */
export interface LeadFilters {
  state: string;
  age: string;
  zip: string;
  /** '' (any lead), 'any' (has a consent record) or 'certificate'. */
  consent?: '' | ConsentFilter;
  /** '' (any), else the most times sold before ('0': never sold). */
  maxSold?: string;
}
export const EMPTY_LEAD_FILTERS: LeadFilters = { state: '', age: '', zip: '', consent: '', maxSold: '' };

/**
 * Where a page of a for-sale list starts (decision 236): page 1, or a cursor (a lead id: the page after
 * it, the page before it, or the first lead of an age) with the rows passed over after it. `page` is the
 * number the screen shows (null after a jump by age, until page 1 is reached again).
 */
export interface LeadsPlace {
  page: number | null;
  after?: string;
  before?: string;
  fromAge?: number;
  skip?: number;
  /** The age of the last jump, named by the pager until page 1 is reached again (not sent). */
  jump?: number;
}
export const FIRST_LEADS_PLACE: LeadsPlace = { page: 1 };

/** The query string of GET /api/aged-leads and GET /api/leads for some filters and a page (a number, or a place). */
export function leadsQueryString(filters: LeadFilters, page: number | LeadsPlace, pageSize = LEADS_PAGE_SIZE): string {
  const place: LeadsPlace = typeof page === 'number' ? { page } : page;
  const p = new URLSearchParams();
  if (filters.state.trim()) p.set('state', filters.state.trim());
  if (filters.age.trim()) p.set('age', filters.age.trim());
  if (filters.zip.trim()) p.set('zip', filters.zip.trim());
  if (filters.consent) p.set('consent', filters.consent);
  if (filters.maxSold?.trim()) p.set('maxSold', filters.maxSold.trim());
  if (place.after) p.set('after', place.after);
  if (place.before) p.set('before', place.before);
  if (place.fromAge !== undefined) p.set('fromAge', String(place.fromAge));
  if (place.skip) p.set('skip', String(place.skip));
  p.set('page', String(place.page ?? 1));
  p.set('pageSize', String(pageSize));
  return p.toString();
}

/** The consent record a lead for sale carries: a TrustedForm or Jornaya certificate, a recorded consent without one. */
export const LEAD_CONSENT_KINDS = ['trustedform', 'jornaya', 'recorded'] as const;

/**
 * A lead for sale as GET /api/aged-leads and GET /api/leads answer it: masked name, no phone, no
 * e-mail. One name per value (decision 260): the state is `customerState`, the age in days `actualAge`,
 * the price `priceCents` (integer cents, the viewing agent's price, computed by the server).
 */
export const leadForSaleSchema = z.object({
  id: z.number().int().positive(),
  /** Masked (first name, two letters of the last name, X). */
  customerName: z.string(),
  customerState: z.string(),
  zipCode: z.string(),
  currentAgeRange: z.string().nullable(),
  /** Age in days. */
  actualAge: z.number().int().nonnegative(),
  /** Integer cents: the lead's own price, else the default. */
  priceCents: z.number().int().nonnegative(),
  callDuration: z.number().nullable(),
  hasRecording: z.boolean(),
  formFillTime: z.string().nullable(),
  consent: z.enum(LEAD_CONSENT_KINDS).nullable(),
  /** Aged leads: how many times it was sold before. */
  timesSoldBefore: z.number().int().nonnegative(),
  exclusive: z.boolean(),
  isAvailable: z.literal(true),
});
export type LeadForSale = z.infer<typeof leadForSaleSchema>;
/** One page of leads for sale, as both lists answer it. */
export const leadsForSalePageSchema = pageSchema(leadForSaleSchema);

export const bulkPurchaseSchema = z.object({
  leadIds: z
    .array(z.number({ error: 'Lead ids must be numbers' }).int().positive(), { error: NO_LEADS_SELECTED })
    .min(1, NO_LEADS_SELECTED)
    .max(MAX_LEADS_PER_PURCHASE, `At most ${MAX_LEADS_PER_PURCHASE} leads can be bought at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'A lead was selected twice'),
});
export type BulkPurchaseInput = z.infer<typeof bulkPurchaseSchema>;

export const confirmPurchaseSchema = z.object({
  payment_intent_id: z.string({ error: 'payment_intent_id is required' }).trim().min(1, 'payment_intent_id is required').max(255),
});

/** A lead's contact details, as the lead import stores them and the lead lists show them. */
export interface LeadContact {
  name: string;
  phone: string;
  email: string | null;
  state: string | null;
  zipCode: string | null;
  ageRange: string | null;
  formFillTime: string | null;
}

/** A lead in My Leads: assigned by an admin, or bought by the agent. */
export interface MyLead extends LeadContact {
  id: string;
  source: 'assigned' | 'purchased';
  /** When it was assigned (or bought). */
  createdAt: string | null;
}
