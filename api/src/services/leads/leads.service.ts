// The lead marketplace read side: leads of one kind for sale, filtered (state, age in days, zip,
// consent record, times sold before) and paginated by the database, youngest first (the agent's own leads:
// my-leads.service.ts). Nothing is kept between requests (decision 080): each state's
// page is one range of lead_listings, clustered in the list's order, stopped after the page (decision
// 140), and a total is summed from the count table the triggers on `leads` keep (decision 115), exact up
// to COUNT_LIMIT.
import type { Knex } from 'knex';
import { isMysql, type Db } from '../../db/index.ts';
import { toCalendarDateOrIso, toDbDate } from '../../db/dates.ts';
import { badRequest } from '../../errors.ts';
import { Lead, LeadListing, LeadsForSaleCount } from '../../models/index.ts';
import { LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { maskCustomerName } from '@tm/shared/logic/mask-name';
import type { LeadsQuery, LeadForSale, Paged } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import { boundedTotal, pageSlice, type PageSlice } from '../../db/paging.ts';
import { EMPTY_PRICE_BOOK, bookPrice, leadPriceKind, type PriceBook } from '../orders/buyer-prices.service.ts';

export type LeadKind = 'aged' | 'fresh';

/**
 * Columns a buyer may see before paying, as lead_listings holds them: never the phone, the e-mail, the
 * transcript or the recording's address (only whether there is one).
 */
const FOR_SALE_COLUMNS = [
  'id',
  'customerName',
  'customerState',
  'zipCode',
  'currentAgeRange',
  'ageDays',
  'priceCents',
  'callDuration',
  'hasRecording',
  'formFillTime',
  'consentAt',
  'certificateKind',
  'timesSoldBefore',
  'exclusive',
] as const;

type ListingRow = Pick<LeadListing, (typeof FOR_SALE_COLUMNS)[number]>;

export function leadPriceCents(row: { priceCents: number | null | undefined }): number {
  return row.priceCents ?? LEAD_DEFAULT_PRICE_CENTS;
}

const CERTIFICATES = ['trustedform', 'jornaya'] as const;

export function toLeadForSale(row: ListingRow): LeadForSale {
  return {
    id: Number(row.id),
    customerName: maskCustomerName(row.customerName),
    customerState: row.customerState,
    zipCode: row.zipCode,
    currentAgeRange: row.currentAgeRange,
    actualAge: Number(row.ageDays),
    priceCents: leadPriceCents(row),
    callDuration: row.callDuration === null ? null : Number(row.callDuration),
    hasRecording: Boolean(Number(row.hasRecording)),
    formFillTime: toCalendarDateOrIso(row.formFillTime),
    consent: row.certificateKind === 'trustedform' || row.certificateKind === 'jornaya' ? row.certificateKind : row.consentAt ? 'recorded' : null,
    timesSoldBefore: Number(row.timesSoldBefore ?? 0),
    exclusive: Boolean(Number(row.exclusive)),
    isAvailable: true,
  };
}

type LeadFilter = Pick<LeadsQuery, 'states' | 'zips' | 'ages' | 'consent' | 'maxSold'>;

/**
 * Which leads are for sale: `available` ones, and `reserved` ones whose reservation has lapsed
 * (reserved_until in the past: the unpaid order gave them up; the reservation-sweep job releases the
 * row itself, a read never writes). lead_listings holds both states, so `forSale` is one condition;
 * `lapsed` is the second set alone (the count table holds the available ones).
 */
type ForSale = 'forSale' | 'lapsed';

/** Any of the filter's age windows (an exact day or a range), on the listing and on the count table alike. */
const inAgeWindows =
  (ages: LeadFilter['ages']) => (w: { orWhere(column: string, value: number): unknown; orWhereBetween(column: string, range: [number, number]): unknown }) => {
    for (const c of ages) {
      if (c.min === c.max) w.orWhere('ageDays', c.min);
      else w.orWhereBetween('ageDays', [c.min, c.max]);
    }
  };

/**
 * The filtered set of one kind of lead for sale, from lead_listings (no order, no columns): shared by page and
 * count. Built with Knex's own builder on the model's table: the list reads no model, and Objection's builder
 * cost the page about 260 KB of garbage and a tenth of its CPU (decision 282).
 */
function forSaleQuery(db: Db, kind: LeadKind, q: LeadFilter, set: ForSale, now: Date): Knex.QueryBuilder {
  const query = db.from(LeadListing.tableName).where('kind', kind);
  const lapsedBefore = toDbDate(now);
  if (set === 'lapsed') query.where('status', 'reserved').where('reservedUntil', '<', lapsedBefore);
  else query.where((w) => w.where('status', 'available').orWhere('reservedUntil', '<', lapsedBefore));
  if (q.states.length) query.whereIn('customerState', q.states);
  if (q.zips.length) query.whereIn('zipCode', q.zips);
  if (q.ages.length) query.where(inAgeWindows(q.ages));
  if (q.consent === 'certificate') query.whereIn('certificateKind', CERTIFICATES);
  else if (q.consent === 'any') query.where((w) => w.whereNotNull('consentAt').orWhereIn('certificateKind', CERTIFICATES));
  if (q.maxSold !== undefined) query.where('timesSoldBefore', '<=', q.maxSold);
  return query;
}

/**
 * The `available` leads matching a filter without zips, summed from the count table: a few rows per
 * state and age day, never the leads themselves (decision 115). Exact.
 */
function availableFromCounts(db: Db, kind: LeadKind, q: LeadFilter): Knex.QueryBuilder {
  const query = db.from(LeadsForSaleCount.tableName).sum({ n: 'n' }).where('kind', kind);
  if (q.states.length) query.whereIn('customerState', q.states);
  if (q.ages.length) query.where(inAgeWindows(q.ages));
  if (q.consent === 'certificate') query.where('consent', 'certificate');
  else if (q.consent === 'any') query.whereIn('consent', ['certificate', 'recorded']);
  if (q.maxSold !== undefined) query.where('timesSoldBefore', '<=', q.maxSold);
  return query;
}

/** How many rows of one set match, counted up to COUNT_LIMIT + 1 index entries and no further. */
export const boundedCount = (db: Db, part: Knex.QueryBuilder) => db.count({ n: '*' }).from(part.as('b'));

/**
 * How many leads match: exact up to COUNT_LIMIT, else { total: COUNT_LIMIT, capped: true }. One
 * statement: the `available` ones from the count table plus the lapsed reservations from the listing
 * (by its reserved_until index; few); with a zip filter, the zip's few listed leads (up to COUNT_LIMIT + 1).
 */
export async function countForSale(db: Db, kind: LeadKind, q: LeadFilter, now: Date): Promise<{ total: number; capped: boolean }> {
  const bounded = (set: ForSale) =>
    boundedCount(
      db,
      forSaleQuery(db, kind, q, set, now)
        .select('id')
        .limit(COUNT_LIMIT + 1),
    );
  const columns = q.zips.length ? { a: bounded('forSale') } : { a: availableFromCounts(db, kind, q), l: bounded('lapsed') };
  const row = (await db.select(columns).first()) as { a?: number | string | null; l?: number | string | null } | undefined;
  return boundedTotal(Number(row?.a ?? 0) + Number(row?.l ?? 0));
}

/**
 * A filter naming up to PER_STATE_MAX_STATES states (and no zip) is read per state: each state's
 * youngest matches from lead_listings' primary key (kind, state, age, id descending), merged by
 * (age, id descending). Each read stops after the rows of the page and those before it. Other filters
 * are one read: by age from lead_listings_age, or by the zip's few rows.
 */
export const PER_STATE_MAX_STATES = 8;

/** The list's order: youngest first, and among leads of one age the newest listing (highest id) first. */
const LIST_ORDER = [{ column: 'ageDays' }, { column: 'id', order: 'desc' as const }];

/** A place in the list's order: between leads, just after (age, id). */
type Place = { ageDays: number; id: number };

/**
 * Where a cursor page starts: at the lead `after` or `before` names (the last or first one of the page
 * next to it) in the list's order. Its age is read by primary key from `leads`: a sold or reserved lead
 * is still there, so a link keeps its place when that lead is sold in between. An id that is no lead is
 * a 400 naming the field.
 */
async function cursorOf(db: Db, id: number, field: 'after' | 'before'): Promise<Place> {
  const lead = (await db.from(Lead.tableName).where('id', id).first('ageDays')) as Pick<Lead, 'ageDays'> | undefined;
  if (!lead)
    throw badRequest(`${field}: no such lead (use the ${field === 'after' ? 'nextCursor' : 'prevCursor'} of the page next to it)`, { [field]: 'No such lead' });
  return { ageDays: Number(lead.ageDays), id };
}

/** The list's order (youngest first, newest listing first), or its reverse for a page read backwards. */
const orderOf = (backwards: boolean) =>
  backwards
    ? [
        { column: 'ageDays', order: 'desc' as const },
        { column: 'id', order: 'asc' as const },
      ]
    : LIST_ORDER;

/** One read of the list: from a place (or the start), forwards or backwards, `offset` rows passed over, `limit` rows. */
interface Seek {
  from?: Place | { fromAge: number };
  backwards: boolean;
  offset: number;
  limit: number;
}

/**
 * One page's leads, in one statement straight from lead_listings: a keyset range on the list's sort key
 * (age, id) after a cursor, before it (read backwards) or from an age, else a page number (bounded by the
 * query schema, so at most COUNT_LIMIT rows are skipped). Per state, one range of the clustered primary
 * key in the list's order, each stopping after the rows it needs, merged with UNION ALL.
 */
async function seekRows(db: Db, kind: LeadKind, q: LeadsQuery, seek: Seek, now: Date): Promise<ListingRow[]> {
  const { from, backwards, offset, limit } = seek;
  const order = orderOf(backwards);
  const perState = q.states.length > 1 && q.states.length <= PER_STATE_MAX_STATES && q.zips.length === 0;
  const filters: LeadFilter[] = perState ? q.states.map((state) => ({ ...q, states: [state] })) : [q];
  const read = (f: LeadFilter) => {
    const part = forSaleQuery(db, kind, f, 'forSale', now).select(FOR_SALE_COLUMNS);
    if (from && 'fromAge' in from) part.where('ageDays', '>=', from.fromAge);
    else if (from && !backwards)
      part.where((w) => w.where('ageDays', '>', from.ageDays).orWhere((e) => e.where('ageDays', from.ageDays).where('id', '<', from.id)));
    else if (from) part.where((w) => w.where('ageDays', '<', from.ageDays).orWhere((e) => e.where('ageDays', from.ageDays).where('id', '>', from.id)));
    return part.orderBy(order);
  };
  if (filters.length === 1) return (await read(filters[0]!).limit(limit).offset(offset)) as ListingRow[];
  const parts = filters.map((f) => read(f).limit(offset + limit));
  // MariaDB: (SELECT ... LIMIT n) UNION ALL (...) ORDER BY ... LIMIT: no derived table per part.
  // SQLite takes no LIMIT inside a compound select's parts: each part is a subquery.
  const union = isMysql(db)
    ? db.queryBuilder().unionAll(parts, true)
    : db
        .select('*')
        .from(parts[0]!.as('p0'))
        .unionAll(parts.slice(1).map((p, i) => db.select('*').from(p.as(`p${i + 1}`))));
  return (await union.orderBy(order).limit(limit).offset(offset)) as ListingRow[];
}

/** A page's rows and the cursors either side of it (null: nothing there), and the page number it is. */
async function pageRows(db: Db, kind: LeadKind, q: LeadsQuery, slice: PageSlice, now: Date) {
  const size = slice.limit;
  const first = async () => ({ rows: await seekRows(db, kind, q, { backwards: false, offset: 0, limit: size }, now), page: 1, hasPrev: false });
  let found: { rows: ListingRow[]; page: number; hasPrev: boolean };
  if (q.before !== undefined) {
    // Backwards from the cursor, one row more than the page: that row says whether a page comes before.
    const from = await cursorOf(db, q.before, 'before');
    const back = await seekRows(db, kind, q, { from, backwards: true, offset: q.skip ?? 0, limit: size + 1 }, now);
    // Fewer than a page before it: this is the start of the list, answered as page 1 (full).
    found = back.length > size ? { rows: back.slice(0, size).reverse(), page: slice.page, hasPrev: true } : await first();
  } else if (q.after !== undefined || q.fromAge !== undefined) {
    const from = q.after !== undefined ? await cursorOf(db, q.after, 'after') : { fromAge: q.fromAge! };
    found = { rows: await seekRows(db, kind, q, { from, backwards: false, offset: q.skip ?? 0, limit: size }, now), page: slice.page, hasPrev: true };
  } else {
    found = { rows: await seekRows(db, kind, q, { backwards: false, offset: slice.offset, limit: size }, now), page: slice.page, hasPrev: slice.offset > 0 };
  }
  const { rows } = found;
  return {
    rows,
    page: found.page,
    prevCursor: found.hasPrev && rows.length ? String(rows[0]!.id) : null,
    nextCursor: rows.length === size ? String(rows.at(-1)!.id) : null,
  };
}

/**
 * One page of leads for sale, youngest first (decision 140), with the total matching the filters
 * (bounded) and the cursors of the pages either side (decision 236). `now` decides which reservations
 * have lapsed. `book`: the agent's own prices, which the page's prices carry (decision 251). A read: it never writes.
 */
export async function listLeadsForSale(
  db: Db,
  kind: LeadKind,
  q: LeadsQuery,
  now: Date,
  book: PriceBook | Promise<PriceBook> = EMPTY_PRICE_BOOK,
): Promise<Paged<LeadForSale>> {
  const slice = pageSlice(q.page, q.pageSize);
  // The count is sent first (the lists' query-plan tests read the statements in this order). The price
  // book may still be on its way (the route reads it beside the list, not before it); all three are
  // awaited together, so none is left to reject unheard (decision 267).
  const [counted, found, prices] = await Promise.all([countForSale(db, kind, q, now), pageRows(db, kind, q, slice, now), book]);
  // The agent's own price (their state's, else their kind's; decision 251) in the price the list sends.
  const priced = (r: ListingRow): ListingRow => {
    const own = bookPrice(prices, leadPriceKind(kind), r.customerState);
    return own ? { ...r, priceCents: own.cents } : r;
  };
  return pageOf(
    found.rows.map((r) => toLeadForSale(priced(r))),
    counted.total,
    found.page,
    slice.pageSize,
    {
      totalCapped: counted.capped,
      nextCursor: found.nextCursor,
      prevCursor: found.prevCursor,
    },
  );
}
