// One page of any list the API answers, and its helpers (issue 16 item 5: one paging type, not three).
// Totals are exact up to COUNT_LIMIT; beyond it the API says "more than that" (totalCapped) instead of
// counting a million rows. Page numbers are bounded so that no request makes the database skip more
// than COUNT_LIMIT rows; the for-sale lead lists read on past that with a cursor (nextCursor).
import { z } from 'zod';
import { pageCount } from '../logic/pagination.ts';

/** Counted exactly up to here; beyond it a list answers total = COUNT_LIMIT and totalCapped = true. */
export const COUNT_LIMIT = 10_000;

export interface Page<T> {
  items: T[];
  /** Matching items, exact up to COUNT_LIMIT (see totalCapped). */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** More than COUNT_LIMIT match: `total` is COUNT_LIMIT and the screen shows "10,000+". */
  totalCapped?: boolean;
  /** Lists read by cursor: pass it as ?after= for the page that follows (null: none follows). */
  nextCursor?: string | null;
  /** Lists read by cursor: pass it as ?before= for the page that comes before (null: this is the first). */
  prevCursor?: string | null;
}

/**
 * The output schema of one page of `item` (what the API answers, the same fields as Page<T>): the
 * portal parses list answers with it, and the API tests check the keys against it (decision 260).
 */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    pageCount: z.number().int().nonnegative(),
    totalCapped: z.boolean().optional(),
    nextCursor: z.string().nullable().optional(),
    prevCursor: z.string().nullable().optional(),
  });
}

export function pageOf<T>(
  items: T[],
  total: number,
  page: number,
  pageSize: number,
  extra: Pick<Page<T>, 'totalCapped' | 'nextCursor' | 'prevCursor'> = {},
): Page<T> {
  return { items, total, page, pageSize, pageCount: pageCount(total, pageSize), ...extra };
}

/** A bounded count's figure as a list shows it: "1,234", or "10,000+" beyond COUNT_LIMIT. */
export function totalLabel(page: Pick<Page<unknown>, 'total' | 'totalCapped'>): string {
  return `${page.total.toLocaleString('en-US')}${page.totalCapped ? '+' : ''}`;
}

/** The highest page number a list answers for this page size: its last row is at most COUNT_LIMIT deep. */
export const maxPage = (pageSize: number) => Math.max(1, Math.ceil(COUNT_LIMIT / pageSize));

/** A positive whole number from a query string (the first of a repeated key), `fallback` when absent. */
export const positiveIntParam = (fallback: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(Array.isArray(v) ? v[0] : v)),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .max(max, `${name} must be at most ${max}`),
  );

export const MAX_PAGE_SIZE = 100;

/** Adds the bound on `page` (at most maxPage(pageSize)) to a query schema's checks. */
export function checkPageBound(q: { page: number; pageSize: number }, ctx: z.RefinementCtx): void {
  const max = maxPage(q.pageSize);
  if (q.page > max) ctx.addIssue({ code: 'custom', path: ['page'], message: `Page must be at most ${max}` });
}

/** The ?page=&pageSize= fields of a list's query schema (bound them with checkPageBound). */
export const pageParams = (defaultSize: number) => ({
  page: positiveIntParam(1, 1_000_000, 'Page'),
  pageSize: positiveIntParam(defaultSize, MAX_PAGE_SIZE, 'Page size'),
});

/** ?page=&pageSize= of a paginated list, page bounded by maxPage(pageSize). */
export const pageQuerySchema = (defaultSize: number) => z.object(pageParams(defaultSize)).superRefine(checkPageBound);

/** ?after= / ?before= of a list read by keyset (decision 236): a row's id, the page after or before it. */
export const cursorParams = {
  after: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, positiveIntParam(1, Number.MAX_SAFE_INTEGER, 'After').optional()),
  before: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, positiveIntParam(1, Number.MAX_SAFE_INTEGER, 'Before').optional()),
};
export const ONE_CURSOR_MESSAGE = 'Use after or before, not both';

/** A keyset list's checks: one cursor at most, and without one the page bound (with one, `page` only names the page). */
export function checkCursorPage(q: { page: number; pageSize: number; after?: number | string; before?: number | string }, ctx: z.RefinementCtx): void {
  if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: ONE_CURSOR_MESSAGE });
  if (q.after === undefined && q.before === undefined) checkPageBound(q, ctx);
}

/** Where a keyset list's page starts, as the portal asks for it: page 1, or the page after / before a row (decision 236). */
export interface ListPlace {
  page: number;
  after?: string;
  before?: string;
}

/** A page number or a place as query-string fields (page, and after or before). */
export function placeParams(place: number | ListPlace): Record<string, string> {
  const p = typeof place === 'number' ? { page: place } : place;
  return { page: String(p.page), ...(p.after ? { after: p.after } : {}), ...(p.before ? { before: p.before } : {}) };
}
