// The lead marketplace read side: leads of one kind for sale, filtered (state, age in days, zip,
// consent record, times sold before) and paginated by the database, youngest first, and the agent's own
// leads (assigned by an admin or bought). Nothing is kept between requests (decision 080): each state's
// page is one range of lead_listings, clustered in the list's order, stopped after the page (decision
// 140), and a total is summed from the count table the triggers on `leads` keep (decision 115), exact up
// to COUNT_LIMIT.
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import type { Knex } from 'knex';
import { isMysql, type Db } from '../../db/index.ts';
import { toCalendarDateOrIso, toDbDate, toIso } from '../../db/dates.ts';
import { badRequest } from '../../errors.ts';
import { Lead, LeadAssignment, LeadListing, LeadsForSaleCount } from '../../models/index.ts';
import { LEAD_DEFAULT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { maskCustomerName } from '@tm/shared/logic/mask-name';
import type { LeadsQuery, LeadForSale, MyLead, Paged } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import { orWhereContains } from '../../db/like.ts';
import { batches, boundedTotal, pageFrom, pageSlice, type PageSlice } from '../../db/paging.ts';
import { csvLine } from '../../lib/csv.ts';

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
  const cents = leadPriceCents(row);
  const price = centsToDecimal(cents);
  const age = Number(row.ageDays);
  return {
    id: Number(row.id),
    customerName: maskCustomerName(row.customerName),
    customerState: row.customerState,
    state: row.customerState,
    zipCode: row.zipCode,
    currentAgeRange: row.currentAgeRange,
    actualAge: age,
    age,
    price,
    currentPrice: price,
    priceCents: cents,
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

/** The filtered set of one kind of lead for sale, from lead_listings (no order, no columns): shared by page and count. */
export function forSaleQuery(db: Db, kind: LeadKind, q: LeadFilter, set: ForSale, now: Date) {
  const query = LeadListing.query(db).where('kind', kind);
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
  const query = LeadsForSaleCount.query(db).toKnexQuery().clearSelect().sum({ n: 'n' }).where('kind', kind);
  if (q.states.length) query.whereIn('customerState', q.states);
  if (q.ages.length) query.where(inAgeWindows(q.ages));
  if (q.consent === 'certificate') query.where('consent', 'certificate');
  else if (q.consent === 'any') query.whereIn('consent', ['certificate', 'recorded']);
  if (q.maxSold !== undefined) query.where('timesSoldBefore', '<=', q.maxSold);
  return query;
}

/** How many rows of one set match, counted up to COUNT_LIMIT + 1 index entries and no further. */
const boundedCount = (db: Db, part: Knex.QueryBuilder) => db.count({ n: '*' }).from(part.as('b'));

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
        .limit(COUNT_LIMIT + 1)
        .toKnexQuery(),
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
  const lead = (await Lead.query(db).findById(id).select('ageDays')) as Pick<Lead, 'ageDays'> | undefined;
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
    return part.orderBy(order).toKnexQuery();
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
 * have lapsed. A read: it never writes.
 */
export async function listLeadsForSale(db: Db, kind: LeadKind, q: LeadsQuery, now: Date): Promise<Paged<LeadForSale>> {
  const slice = pageSlice(q.page, q.pageSize);
  // The count is sent first (the lists' query-plan tests read the statements in this order).
  const [counted, found] = await Promise.all([countForSale(db, kind, q, now), pageRows(db, kind, q, slice, now)]);
  return pageOf(found.rows.map(toLeadForSale), counted.total, found.page, slice.pageSize, {
    totalCapped: counted.capped,
    nextCursor: found.nextCursor,
    prevCursor: found.prevCursor,
  });
}

export const MY_LEADS_PAGE_SIZE = 50;

/**
 * My Leads: the leads an admin assigned to the agent and the leads the agent bought, newest first.
 * Both live in different tables, so the page is read as one UNION ALL ordered by its date.
 */
type Builder = Knex.QueryBuilder;

/** Narrows one side of My Leads to rows whose name, e-mail, phone, state or ZIP contains the search. */
function searchOn(q: Builder, search: string | undefined, cols: { name: string; phone: string; email: string; state: string; zip: string }): Builder {
  if (!search) return q;
  const digits = search.replace(/\D/g, '');
  return q.where((w) => {
    for (const col of [cols.name, cols.email, cols.state, cols.zip, cols.phone]) orWhereContains(w, col, search);
    // "(512) 555" finds 5125550101: phones are compared by their digits too.
    if (digits.length >= 3 && digits !== search) w.orWhereRaw('?? LIKE ?', [cols.phone, `%${digits}%`]);
  });
}

function myLeadsUnion(db: Db, userId: number, search: string | undefined) {
  const assigned = searchOn(
    LeadAssignment.query(db)
      .select(
        db.raw("'assigned' as source"),
        'id',
        'name',
        'phone',
        'email',
        'state',
        'zipCode',
        'ageRange',
        db.ref('assignedAt').as('createdAt'),
        'formFillTime',
      )
      .where('agentId', userId)
      .toKnexQuery(),
    search,
    { name: 'name', phone: 'phone', email: 'email', state: 'state', zip: 'zipCode' },
  );
  const bought = searchOn(
    Lead.query(db)
      .select(
        db.raw("'purchased' as source"),
        'id',
        db.ref('customerName').as('name'),
        db.ref('customerPhone').as('phone'),
        db.ref('customerEmail').as('email'),
        db.ref('customerState').as('state'),
        'zipCode',
        db.ref('currentAgeRange').as('ageRange'),
        db.ref('soldAt').as('createdAt'),
        'formFillTime',
      )
      .where({ buyerId: userId, status: 'sold' })
      .toKnexQuery(),
    search,
    { name: 'customerName', phone: 'customerPhone', email: 'customerEmail', state: 'customerState', zip: 'zipCode' },
  );
  return { assigned, bought };
}

function toMyLead(r: Record<string, unknown>): MyLead {
  return {
    id: `${String(r.source)}-${String(r.id)}`,
    source: r.source === 'purchased' ? ('purchased' as const) : ('assigned' as const),
    name: String(r.name ?? ''),
    phone: String(r.phone ?? ''),
    email: (r.email as string | null) ?? null,
    state: (r.state as string | null) ?? null,
    zipCode: (r.zipCode as string | null) ?? null,
    ageRange: (r.ageRange as string | null) ?? null,
    createdAt: toIso(r.createdAt),
    formFillTime: toCalendarDateOrIso(r.formFillTime),
  };
}

const MY_LEADS_ORDER = [{ column: 'createdAt', order: 'desc' as const }, { column: 'source' }, { column: 'id', order: 'desc' as const }];

/** My Leads in the list's order, one UNION ALL of both sides (a fresh builder each call). */
function myLeadsRows(db: Db, userId: number, search: string | undefined) {
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  return db.select('*').from(assigned.unionAll(bought).as('u')).orderBy(MY_LEADS_ORDER);
}

/**
 * One page of My Leads: each side (assigned, bought) read newest first by its own index and stopped after
 * the page and the rows before it, then merged (as the for-sale list merges its states, decision 140): a
 * buyer with 100,000 leads costs a page's worth, not a sort of them all (issue 38 point 4).
 */
async function myLeadsPage(db: Db, userId: number, search: string | undefined, slice: PageSlice) {
  const window = slice.offset + slice.limit;
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  const parts = [
    assigned
      .orderBy([
        { column: 'assignedAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(window),
    bought
      .orderBy([
        { column: 'soldAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(window),
  ];
  const union = isMysql(db)
    ? db.queryBuilder().unionAll(parts, true)
    : db
        .select('*')
        .from(parts[0]!.as('a'))
        .unionAll([db.select('*').from(parts[1]!.as('b'))]);
  return (await union.orderBy(MY_LEADS_ORDER).limit(slice.limit).offset(slice.offset)) as Array<Record<string, unknown>>;
}

/** How many of My Leads match: each side counted up to COUNT_LIMIT + 1 rows, so the total is bounded. */
async function countMyLeads(db: Db, userId: number, search: string | undefined) {
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  const upTo = async (side: Builder) => {
    const row = (await boundedCount(
      db,
      side
        .clearSelect()
        .select('id')
        .limit(COUNT_LIMIT + 1),
    ).first()) as { n?: number | string } | undefined;
    return Number(row?.n ?? 0);
  };
  const [a, b] = await Promise.all([upTo(assigned), upTo(bought)]);
  return boundedTotal(a + b);
}

/** Where a page of My Leads starts: a page number, or the page after / before a lead of it (`purchased-12`). */
export interface MyLeadsPlace {
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}

type MyLeadSource = 'assigned' | 'purchased';
/** A place in My Leads' order (date newest first, then source, then id newest first). */
type MyLeadPlace = { createdAt: unknown; source: MyLeadSource; id: number };

/**
 * The place of the lead a cursor names, read by primary key (an assignment's date, a purchase's date):
 * a lead bought or assigned in between does not move it. An id that names nothing is a 400.
 */
async function myLeadPlace(db: Db, cursor: string, field: 'after' | 'before'): Promise<MyLeadPlace> {
  const [source, n] = cursor.split('-') as [MyLeadSource, string];
  const id = Number(n);
  const row =
    source === 'assigned'
      ? ((await LeadAssignment.query(db).findById(id).select(db.ref('assignedAt').as('at'))) as unknown as { at: unknown } | undefined)
      : ((await Lead.query(db).findById(id).select(db.ref('soldAt').as('at'))) as unknown as { at: unknown } | undefined);
  if (!row?.at)
    throw badRequest(`${field}: no such lead (use the ${field === 'after' ? 'nextCursor' : 'prevCursor'} of the page next to it)`, { [field]: 'No such lead' });
  return { createdAt: row.at, source, id };
}

/**
 * One side's rows strictly after (or, `backwards`, before) a place in My Leads' order, newest first (oldest
 * first backwards), stopped after `limit`: one range of the side's own index (decision 254).
 */
function mySideSeek(side: Builder, source: MyLeadSource, cols: { at: string; id: string }, place: MyLeadPlace, backwards: boolean, limit: number): Builder {
  const at = place.createdAt as Knex.Value;
  // The order is (date desc, source asc, id desc); forwards is "later in it", backwards "earlier".
  // Same source: the lexicographic seek on (date, id). The other source sorts after the place's on equal
  // dates ('assigned' < 'purchased'), so its rows of the same date fall on one side whole.
  const beyond = backwards ? '>' : '<';
  if (source === place.source) side.where((w) => w.where(cols.at, beyond, at).orWhere((e) => e.where(cols.at, at).where(cols.id, beyond, place.id)));
  else if (source > place.source !== backwards) side.where(cols.at, `${beyond}=`, at);
  else side.where(cols.at, beyond, at);
  const dir = backwards ? 'asc' : 'desc';
  return side
    .orderBy([
      { column: cols.at, order: dir },
      { column: cols.id, order: dir },
    ])
    .limit(limit);
}

/** My Leads' order on mapped rows: date newest first, then source, then id newest first. */
function myLeadsCompare(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const at = (r: Record<string, unknown>) => toIso(r.createdAt) ?? '';
  return at(b).localeCompare(at(a)) || String(a.source).localeCompare(String(b.source)) || Number(b.id) - Number(a.id);
}

/** The page of My Leads after or before a place: each side seeks on its own index, the two merged. */
async function myLeadsSeek(db: Db, userId: number, search: string | undefined, place: MyLeadPlace, backwards: boolean, limit: number) {
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  const [a, b] = await Promise.all([
    mySideSeek(assigned, 'assigned', { at: 'assignedAt', id: 'id' }, place, backwards, limit),
    mySideSeek(bought, 'purchased', { at: 'soldAt', id: 'id' }, place, backwards, limit),
  ]);
  const rows = [...(a as Array<Record<string, unknown>>), ...(b as Array<Record<string, unknown>>)].sort(myLeadsCompare);
  return backwards ? rows.slice(-limit) : rows.slice(0, limit);
}

/**
 * My Leads, newest first: by page number (page 1, bounded as every list), or by keyset after / before a
 * lead of the list (decision 254), where any depth costs what page 1 does and there is no page cap. The
 * total is bounded (10,000+).
 */
export async function listMyLeads(db: Db, userId: number, place: MyLeadsPlace = {}, search?: string): Promise<Paged<MyLead>> {
  const slice = pageSlice(place.page ?? 1, place.pageSize ?? MY_LEADS_PAGE_SIZE);
  const cursor = place.after ?? place.before;
  const total = countMyLeads(db, userId, search);
  let rows: Array<Record<string, unknown>>;
  let page = slice.page;
  let hasPrev = slice.offset > 0;
  if (!cursor) rows = await myLeadsPage(db, userId, search, slice);
  else if (place.after) {
    rows = await myLeadsSeek(db, userId, search, await myLeadPlace(db, cursor, 'after'), false, slice.limit);
    hasPrev = true;
  } else {
    // Backwards, one lead more than the page: it says a page comes before. Fewer: this is the start.
    const back = await myLeadsSeek(db, userId, search, await myLeadPlace(db, cursor, 'before'), true, slice.limit + 1);
    if (back.length > slice.limit) [rows, hasPrev] = [back.slice(1), true];
    else [rows, page, hasPrev] = [await myLeadsPage(db, userId, search, { ...slice, page: 1, offset: 0 }), 1, false];
  }
  const items = rows.map(toMyLead);
  return pageFrom(
    items,
    await total,
    { page, pageSize: slice.pageSize },
    { prevCursor: hasPrev && items.length ? items[0]!.id : null, nextCursor: items.length === slice.limit ? items.at(-1)!.id : null },
  );
}

export const MY_LEADS_CSV_HEADER = ['Name', 'Phone', 'Email', 'State', 'ZIP', 'Age range', 'Source', 'Assigned (UTC)', 'Form filled (UTC)'];
const MY_LEADS_CSV_BATCH = 1000;

/** Every lead of My Leads that matches the search, as CSV for a CRM (formula cells escaped), in batches. */
export async function* myLeadsCsv(db: Db, userId: number, search?: string): AsyncGenerator<string> {
  yield csvLine(MY_LEADS_CSV_HEADER);
  for await (const rows of batches<Record<string, unknown>>(() => myLeadsRows(db, userId, search), MY_LEADS_CSV_BATCH)) {
    let out = '';
    for (const l of rows.map(toMyLead)) {
      out += csvLine([
        l.name,
        l.phone,
        l.email,
        l.state,
        l.zipCode,
        l.ageRange,
        l.source === 'purchased' ? 'Purchased' : ASSIGNED_LABEL,
        l.createdAt,
        l.formFillTime,
      ]);
    }
    yield out;
  }
}
