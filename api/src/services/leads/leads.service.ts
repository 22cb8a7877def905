// The lead marketplace read side: available leads of one kind, filtered (state, age in days, zip,
// consent record, times sold before) and paginated by the database, and the agent's own leads
// (assigned by an admin or bought). Nothing is kept between requests (decision 080): each state's page
// is read from its index and stops after the page, and a total is summed from the count table the
// triggers on `leads` keep (decision 115), exact up to COUNT_LIMIT.
import type { Knex } from 'knex';
import { isMysql, type Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { Lead, LeadAssignment, LeadsForSaleCount } from '../../models/index.ts';
import { LEAD_DEFAULT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { maskCustomerName } from '@tm/shared/logic/mask-name';
import type { LeadsQuery, LeadForSale, MyLead, Paged } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import { csvLine } from '../transfers/csv.ts';

export type LeadKind = 'aged' | 'fresh';

/** Columns a buyer may see before paying: never the phone, the e-mail or the transcript. */
const FOR_SALE_COLUMNS = [
  'id',
  'customerName',
  'customerState',
  'zipCode',
  'currentAgeRange',
  'ageDays',
  'priceCents',
  'callDuration',
  'recordingUrl',
  'formFillTime',
  'consentAt',
  'certificateKind',
  'timesSoldBefore',
  'exclusive',
] as const;

type LeadRow = Pick<Lead, (typeof FOR_SALE_COLUMNS)[number]>;

export function leadPriceCents(row: { priceCents: number | null | undefined }): number {
  return row.priceCents ?? LEAD_DEFAULT_PRICE_CENTS;
}

const CERTIFICATES = ['trustedform', 'jornaya'] as const;

export function toLeadForSale(row: LeadRow): LeadForSale {
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
    hasRecording: Boolean(row.recordingUrl),
    formFillTime: toIso(row.formFillTime),
    consent: row.certificateKind === 'trustedform' || row.certificateKind === 'jornaya' ? row.certificateKind : row.consentAt ? 'recorded' : null,
    timesSoldBefore: Number(row.timesSoldBefore ?? 0),
    exclusive: Boolean(row.exclusive),
    isAvailable: true,
  };
}

type LeadFilter = Pick<LeadsQuery, 'states' | 'zips' | 'ages' | 'consent' | 'maxSold'>;

/**
 * Which leads are for sale: `available` ones, and `reserved` ones whose reservation has lapsed
 * (reserved_until in the past: the unpaid order gave them up; the reservation-sweep job releases the
 * row itself, a read never writes). Two sets, each read by its own index range on status.
 */
type ForSale = 'available' | 'lapsed';

/** Any of the filter's age windows (an exact day or a range), on `leads` and on the count table alike. */
const inAgeWindows =
  (ages: LeadFilter['ages']) => (w: { orWhere(column: string, value: number): unknown; orWhereBetween(column: string, range: [number, number]): unknown }) => {
    for (const c of ages) {
      if (c.min === c.max) w.orWhere('ageDays', c.min);
      else w.orWhereBetween('ageDays', [c.min, c.max]);
    }
  };

/** The filtered set of one kind of lead for sale (no order, no columns): shared by page and count. */
export function forSaleQuery(db: Db, kind: LeadKind, q: LeadFilter, set: ForSale, now: Date) {
  const query = Lead.query(db).where('kind', kind);
  if (set === 'available') query.where('status', 'available');
  else query.where('status', 'reserved').where('reservedUntil', '<', toDbDate(now));
  if (q.states.length) query.whereIn('customerState', q.states);
  if (q.zips.length) query.whereIn('zipCode', q.zips);
  if (q.ages.length) query.where(inAgeWindows(q.ages));
  if (q.consent === 'certificate') query.whereIn('certificateKind', CERTIFICATES);
  else if (q.consent === 'any') query.where((w) => w.whereNotNull('consentAt').orWhereIn('certificateKind', CERTIFICATES));
  if (q.maxSold !== undefined) query.where('timesSoldBefore', '<=', q.maxSold);
  return query;
}

/** SELECT id FROM (a) UNION ALL SELECT id FROM (b) ...: subqueries that order and limit, on both databases. */
function unionOfIds(db: Db, parts: Knex.QueryBuilder[]): Knex.QueryBuilder {
  const [first, ...rest] = parts.map((p, i) => db.select('id').from(p.as(`p${i}`)));
  return rest.length ? first!.unionAll(rest) : first!;
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
 * statement: the `available` ones from the count table (a zip filter: from the zip's few leads, read up to
 * COUNT_LIMIT + 1), the lapsed reservations from `leads` (up to COUNT_LIMIT + 1; they are few).
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
  const available = q.zips.length ? bounded('available') : availableFromCounts(db, kind, q);
  const row = (await db.select({ a: available, l: bounded('lapsed') }).first()) as { a?: number | string | null; l?: number | string | null } | undefined;
  const n = Number(row?.a ?? 0) + Number(row?.l ?? 0);
  return n > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total: n, capped: false };
}

/**
 * A filter naming up to PER_STATE_MAX_STATES states (and no zip) is read per state: each state's
 * newest matches from leads_for_sale_state_id (in id order, filters checked inside the index), merged
 * by id. Each read stops after the rows of the page and those before it.
 */
export const PER_STATE_MAX_STATES = 8;

/**
 * One page's leads, newest first, in one statement: the page's ids after the cursor (the last id of the
 * page before) or at its page number (bounded by the query schema, so at most COUNT_LIMIT rows are
 * skipped), joined to their rows by primary key. Each state's available leads are read newest first from
 * leads_for_sale_state_id and each read stops after the page and the rows before it; lapsed
 * reservations (few) are one more read for every state at once.
 */
async function pageRows(db: Db, kind: LeadKind, q: LeadsQuery, now: Date): Promise<LeadRow[]> {
  const offset = q.after === undefined ? (q.page - 1) * q.pageSize : 0;
  const window = offset + q.pageSize;
  const perState = q.states.length > 0 && q.states.length <= PER_STATE_MAX_STATES && q.zips.length === 0;
  const filters: LeadFilter[] = perState ? q.states.map((state) => ({ ...q, states: [state] })) : [q];
  const read = (f: LeadFilter, set: ForSale) => {
    const part = forSaleQuery(db, kind, f, set, now).select('id');
    if (q.after !== undefined) part.where('id', '<', q.after);
    return part.orderBy('id', 'desc').limit(window).toKnexQuery();
  };
  const parts = [...filters.map((f) => read(f, 'available')), read(q, 'lapsed')];
  let ids: Knex.Raw | Knex.QueryBuilder;
  if (isMysql(db)) {
    // ((SELECT ... LIMIT n) UNION ALL (...) ORDER BY id DESC LIMIT ...): no derived table per part.
    const sql = parts.map((p) => p.toSQL().toNative());
    ids = db.raw(`(${sql.map((p) => `(${p.sql})`).join(' UNION ALL ')} ORDER BY id DESC LIMIT ? OFFSET ?) AS u`, [
      ...sql.flatMap((p) => p.bindings),
      q.pageSize,
      offset,
    ]);
  } else {
    // SQLite takes no LIMIT inside a compound select's parts: each part is a subquery.
    ids = db.select('id').from(unionOfIds(db, parts).as('u0')).orderBy('id', 'desc').limit(q.pageSize).offset(offset).as('u');
  }
  return (await Lead.query(db)
    .toKnexQuery()
    .clearSelect()
    .select(FOR_SALE_COLUMNS.map((c) => `${Lead.tableName}.${c}`))
    .join(ids, `${Lead.tableName}.id`, 'u.id')
    .orderBy(`${Lead.tableName}.id`, 'desc')) as LeadRow[];
}

/**
 * One page of leads for sale, newest first, with the total matching the filters (bounded) and the
 * cursor of the next page. `now` decides which reservations have lapsed. A read: it never writes.
 */
export async function listLeadsForSale(db: Db, kind: LeadKind, q: LeadsQuery, now: Date): Promise<Paged<LeadForSale>> {
  const [count, rows] = await Promise.all([countForSale(db, kind, q, now), pageRows(db, kind, q, now)]);
  const items = rows.map(toLeadForSale);
  const last = items.at(-1);
  return pageOf(items, count.total, q.page, q.pageSize, {
    totalCapped: count.capped,
    nextCursor: items.length === q.pageSize && last ? String(last.id) : null,
  });
}

export const MY_LEADS_PAGE_SIZE = 50;

/**
 * My Leads: the leads an admin assigned to the agent and the leads the agent bought, newest first.
 * Both live in different tables, so the page is read as one UNION ALL ordered by its date.
 */
type Builder = Knex.QueryBuilder;

/** LIKE pattern of a search fragment, its % and _ taken literally. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Narrows one side of My Leads to rows whose name, e-mail, phone, state or ZIP contains the search. */
function searchOn(q: Builder, search: string | undefined, cols: { name: string; phone: string; email: string; state: string; zip: string }): Builder {
  if (!search) return q;
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, '');
  return q.where((w) => {
    for (const col of [cols.name, cols.email, cols.state, cols.zip, cols.phone]) w.orWhereRaw('LOWER(??) LIKE ? ESCAPE ?', [col, pattern, '\\']);
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
    formFillTime: toIso(r.formFillTime),
  };
}

const MY_LEADS_ORDER = [{ column: 'createdAt', order: 'desc' as const }, { column: 'source' }, { column: 'id', order: 'desc' as const }];

export async function listMyLeads(db: Db, userId: number, page = 1, pageSize = MY_LEADS_PAGE_SIZE, search?: string): Promise<Paged<MyLead>> {
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  const counts = myLeadsUnion(db, userId, search);
  const [rows, a, b] = await Promise.all([
    db
      .select('*')
      .from(assigned.unionAll(bought).as('u'))
      .orderBy(MY_LEADS_ORDER)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .count({ n: '*' })
      .from(
        counts.assigned
          .clearSelect()
          .select('id')
          .limit(COUNT_LIMIT + 1)
          .as('a'),
      )
      .first(),
    db
      .count({ n: '*' })
      .from(
        counts.bought
          .clearSelect()
          .select('id')
          .limit(COUNT_LIMIT + 1)
          .as('b'),
      )
      .first(),
  ]);
  const items = (rows as Array<Record<string, unknown>>).map(toMyLead);
  const n = (x: unknown) => Number((x as { n?: number | string } | undefined)?.n ?? 0);
  const total = n(a) + n(b);
  return pageOf(items, Math.min(total, COUNT_LIMIT), page, pageSize, { totalCapped: total > COUNT_LIMIT });
}

export const MY_LEADS_CSV_HEADER = ['Name', 'Phone', 'Email', 'State', 'ZIP', 'Age range', 'Source', 'Assigned (UTC)', 'Form filled (UTC)'];
const MY_LEADS_CSV_BATCH = 1000;

/** Every lead of My Leads that matches the search, as CSV for a CRM (formula cells escaped), in batches. */
export async function* myLeadsCsv(db: Db, userId: number, search?: string): AsyncGenerator<string> {
  yield csvLine(MY_LEADS_CSV_HEADER);
  for (let offset = 0; ; offset += MY_LEADS_CSV_BATCH) {
    const { assigned, bought } = myLeadsUnion(db, userId, search);
    const rows = (await db.select('*').from(assigned.unionAll(bought).as('u')).orderBy(MY_LEADS_ORDER).limit(MY_LEADS_CSV_BATCH).offset(offset)) as Array<
      Record<string, unknown>
    >;
    let out = '';
    for (const l of rows.map(toMyLead)) {
      out += csvLine([
        l.name,
        l.phone,
        l.email,
        l.state,
        l.zipCode,
        l.ageRange,
        l.source === 'purchased' ? 'Purchased' : 'Assigned',
        l.createdAt,
        l.formFillTime,
      ]);
    }
    if (out) yield out;
    if (rows.length < MY_LEADS_CSV_BATCH) return;
  }
}
