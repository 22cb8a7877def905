// Outcomes of bought items (leads, transfers, appointments), the Results figures computed from them,
// and the agent's personal API tokens. Shared by the portal forms and the API routes.
import { z } from 'zod';

export const OUTCOME_STATUSES = [
  { code: 'no_answer', label: 'No answer' },
  { code: 'contacted', label: 'Contacted' },
  { code: 'quoted', label: 'Quoted' },
  { code: 'sold', label: 'Sold' },
  { code: 'issued', label: 'Issued' },
  { code: 'chargeback', label: 'Chargeback' },
] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number]['code'];
const STATUS_CODES = OUTCOME_STATUSES.map((s) => s.code) as [OutcomeStatus, ...OutcomeStatus[]];
/** Outcomes that mean the consumer was reached. */
export const CONTACTED_STATUSES: readonly OutcomeStatus[] = ['contacted', 'quoted', 'sold', 'issued', 'chargeback'];
/** Outcomes that count as a sale (a chargeback undid the sale: not counted). */
export const SOLD_STATUSES: readonly OutcomeStatus[] = ['sold', 'issued'];
export const needsPremium = (s: OutcomeStatus) => s === 'sold' || s === 'issued';

export const ITEM_TYPES = ['lead', 'transfer', 'appointment'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

const dateKey = z
  .string({ error: 'date must be a date such as 2026-07-15' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date such as 2026-07-15')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'date must be a real calendar date');

/** Annual premium in integer cents; up to $10,000,000. */
const premiumCents = z
  .number({ error: 'premiumCents must be a whole number of cents' })
  .int('premiumCents must be a whole number of cents')
  .min(0, 'premiumCents cannot be negative')
  .max(1_000_000_000, 'premiumCents is too large');

const outcomeFields = {
  status: z.enum(STATUS_CODES, { error: `status must be one of ${STATUS_CODES.join(', ')}` }),
  premiumCents: premiumCents.optional().nullable(),
  date: dateKey,
};
function premiumRule<T extends { status: OutcomeStatus; premiumCents?: number | null }>(v: T, ctx: z.RefinementCtx) {
  if (needsPremium(v.status) && (v.premiumCents === undefined || v.premiumCents === null)) {
    ctx.addIssue({ code: 'custom', path: ['premiumCents'], message: 'Annual premium is required for a sale' });
  }
}

/** PUT /api/outcomes/:itemType/:itemId (the portal). */
export const outcomeSchema = z.object(outcomeFields).superRefine(premiumRule);
export type OutcomeInput = z.infer<typeof outcomeSchema>;

/** POST /api/outcomes (the portal or a CRM with a personal API token). */
export const postOutcomeSchema = z
  .object({
    itemType: z.enum(ITEM_TYPES, { error: 'itemType must be lead, transfer or appointment' }),
    itemId: z.number({ error: 'itemId must be the id of an item you bought' }).int().positive('itemId must be the id of an item you bought'),
    ...outcomeFields,
  })
  .superRefine(premiumRule);
export type PostOutcomeInput = z.infer<typeof postOutcomeSchema>;

export const resultsQuerySchema = z.object({
  from: dateKey.optional(),
  to: dateKey.optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

export const tokenCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters'),
});

/** Products as Results groups them. */
export type Product = 'aged_lead' | 'fresh_lead' | 'transfer' | 'appointment';
export const PRODUCT_LABELS: Record<Product, string> = {
  aged_lead: 'Aged leads',
  fresh_lead: 'Fresh leads',
  transfer: 'Live transfers',
  appointment: 'Appointments',
};
/** Lead age bands (days old when bought). Transfers and appointments are live. */
export const AGE_BANDS = [
  { key: 'live', label: 'Live (transfers, appointments)', max: -1 },
  { key: '0-30', label: '0-30 days', max: 30 },
  { key: '31-90', label: '31-90 days', max: 90 },
  { key: '91-180', label: '91-180 days', max: 180 },
  { key: '181-365', label: '181-365 days', max: 365 },
  { key: '365+', label: 'Over 365 days', max: Number.POSITIVE_INFINITY },
] as const;
export function ageBand(ageDays: number | null): string {
  if (ageDays === null) return 'live';
  return AGE_BANDS.find((b) => b.max >= 0 && ageDays <= b.max)!.key;
}

/** One bought item as Results counts it. */
export interface ResultItem {
  itemType: ItemType;
  itemId: number;
  product: Product;
  state: string;
  ageDays: number | null;
  boughtAt: string; // ISO
  costCents: number;
  outcome: OutcomeStatus | null;
  premiumCents: number | null;
}

export interface ResultsRow {
  key: string;
  label: string;
  spendCents: number;
  items: number;
  contacted: number;
  sales: number;
  /** contacted / items, 0..1 rounded to 4 places; null without items. */
  contactRate: number | null;
  closeRate: number | null;
  premiumCents: number;
  /** spend / sales, whole cents rounded; null without sales. */
  costPerSaleCents: number | null;
  /** premium written / spend, rounded to 2 places; null without spend. */
  returnOnSpend: number | null;
}

export interface ResultsView {
  from: string;
  to: string;
  totals: ResultsRow;
  byProduct: ResultsRow[];
  byState: ResultsRow[];
  byAge: ResultsRow[];
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The Results sums of the items of one product, state and age band: what the API reads grouped from the
 * database (decision 255), never the items themselves. Every figure of Results is a sum of cells.
 */
export interface ResultsCell {
  product: Product;
  state: string;
  band: string;
  items: number;
  spendCents: number;
  contacted: number;
  sales: number;
  premiumCents: number;
}

/** One item as a cell of its own (the rule the database's grouping follows). */
export function cellOf(i: ResultItem): ResultsCell {
  const sold = Boolean(i.outcome && SOLD_STATUSES.includes(i.outcome));
  return {
    product: i.product,
    state: i.state || '--',
    band: ageBand(i.ageDays),
    items: 1,
    spendCents: i.costCents,
    contacted: i.outcome && CONTACTED_STATUSES.includes(i.outcome) ? 1 : 0,
    sales: sold ? 1 : 0,
    premiumCents: sold ? (i.premiumCents ?? 0) : 0,
  };
}

/** The Results figures of one group of cells. Pure: the API and its tests compute with the same rule. */
export function summariseCells(key: string, label: string, cells: ResultsCell[]): ResultsRow {
  const sum = (f: (c: ResultsCell) => number) => cells.reduce((s, c) => s + f(c), 0);
  const [spendCents, n, contacted, sales, premiumCents] = [
    sum((c) => c.spendCents),
    sum((c) => c.items),
    sum((c) => c.contacted),
    sum((c) => c.sales),
    sum((c) => c.premiumCents),
  ];
  return {
    key,
    label,
    spendCents,
    items: n,
    contacted,
    sales,
    contactRate: n ? round(contacted / n, 4) : null,
    closeRate: n ? round(sales / n, 4) : null,
    premiumCents,
    costPerSaleCents: sales ? Math.round(spendCents / sales) : null,
    returnOnSpend: spendCents ? round(premiumCents / spendCents, 2) : null,
  };
}

/** The Results figures of one group of items. */
export function summarise(key: string, label: string, items: ResultItem[]): ResultsRow {
  return summariseCells(key, label, items.map(cellOf));
}

function groupBy(cells: ResultsCell[], keyOf: (c: ResultsCell) => string, labelOf: (k: string) => string, order?: readonly string[]): ResultsRow[] {
  const groups = new Map<string, ResultsCell[]>();
  for (const c of cells) {
    const k = keyOf(c);
    const group = groups.get(k);
    if (group) group.push(c);
    else groups.set(k, [c]);
  }
  const keys = [...groups.keys()].sort((a, b) => (order ? order.indexOf(a) - order.indexOf(b) : a.localeCompare(b)));
  return keys.map((k) => summariseCells(k, labelOf(k), groups.get(k)!));
}

/** Results from cells: the totals, and the rows by product, state and age band. */
export function buildResultsFromCells(from: string, to: string, cells: ResultsCell[]): ResultsView {
  const productOrder = Object.keys(PRODUCT_LABELS);
  const ageOrder = AGE_BANDS.map((b) => b.key);
  return {
    from,
    to,
    totals: summariseCells('all', 'All products', cells),
    byProduct: groupBy(
      cells,
      (c) => c.product,
      (k) => PRODUCT_LABELS[k as Product],
      productOrder,
    ),
    byState: groupBy(
      cells,
      (c) => c.state,
      (k) => k,
    ),
    byAge: groupBy(
      cells,
      (c) => c.band,
      (k) => AGE_BANDS.find((b) => b.key === k)!.label,
      ageOrder,
    ),
  };
}

export function buildResults(from: string, to: string, items: ResultItem[]): ResultsView {
  return buildResultsFromCells(from, to, items.map(cellOf));
}

export interface OutcomeItemView extends ResultItem {
  name: string;
  /** Given free by an admin, not bought: shown "Assigned free" in place of a cost (issue 34 item 4). */
  assigned: boolean;
  outcomeDate: string | null;
  source: 'portal' | 'api' | null;
}

export interface ApiTokenView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
