// My Leads: the leads an admin assigned to the agent (lead_assignments) and the leads the agent bought
// (leads sold to them), newest first, searchable, read by page number or by keyset (decision 254), and the
// same list as CSV for a CRM.
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import { isMysql, type Db } from '../../db/index.ts';
import { toCalendarDateOrIso, toIso } from '../../db/dates.ts';
import { badRequest } from '../../errors.ts';
import { Lead, LeadAssignment, MyLeadKey } from '../../models/index.ts';
import { MY_LEAD_SOURCE_KEY } from '../../models/MyLeadKey.ts';
import type { MyLead, Paged } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT } from '@tm/shared/schemas/paging';
import { orWhereContains } from '../../db/like.ts';
import { boundedTotal, countRowsBounded, pageFrom, pageSlice, seek, type Keyset, type PageSlice } from '../../db/paging.ts';
import { csvLine } from '../../lib/csv.ts';
import { boundedCount } from './leads.service.ts';

export const MY_LEADS_PAGE_SIZE = 50;

type Builder = Knex.QueryBuilder;
type Row = Record<string, unknown>;
type MyLeadSource = 'assigned' | 'purchased';

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

/**
 * The two sides of My Leads, in different tables: the leads an admin assigned to the agent and the leads
 * the agent bought. `at` is the side's date in the list's order; `columns` its columns as the list names them.
 */
const SIDES = {
  assigned: {
    query: (db: Db): AnyQueryBuilder => LeadAssignment.query(db),
    table: LeadAssignment.tableName,
    at: 'assignedAt',
    owner: (q: Builder, userId: number) => q.where('agentId', userId),
    search: { name: 'name', phone: 'phone', email: 'email', state: 'state', zip: 'zipCode' },
    columns: {
      name: 'name',
      phone: 'phone',
      email: 'email',
      state: 'state',
      zipCode: 'zipCode',
      ageRange: 'ageRange',
      createdAt: 'assignedAt',
      formFillTime: 'formFillTime',
    },
  },
  purchased: {
    query: (db: Db): AnyQueryBuilder => Lead.query(db),
    table: Lead.tableName,
    at: 'soldAt',
    owner: (q: Builder, userId: number) => q.where({ buyerId: userId, status: 'sold' }),
    search: { name: 'customerName', phone: 'customerPhone', email: 'customerEmail', state: 'customerState', zip: 'zipCode' },
    columns: {
      name: 'customerName',
      phone: 'customerPhone',
      email: 'customerEmail',
      state: 'customerState',
      zipCode: 'zipCode',
      ageRange: 'currentAgeRange',
      createdAt: 'soldAt',
      formFillTime: 'formFillTime',
    },
  },
} as const;
const SOURCES = ['assigned', 'purchased'] as const;

/**
 * One side's keys (source, id, date) for the agent, searched: what the list with a search seeks, orders and
 * counts on (without one, `my_lead_keys` holds both sides' keys in the list's order: decision 274). The
 * rows are read afterwards by id, for the page alone (decision 266).
 */
function sideKeys(db: Db, source: MyLeadSource, userId: number, search: string | undefined): Builder {
  const side = SIDES[source];
  const q = side
    .query(db)
    .select(db.raw(`'${source}' as source`), 'id', db.ref(side.at).as('createdAt'))
    .toKnexQuery();
  return searchOn(side.owner(q, userId), search, side.search);
}

/** The rows of one side that `keys` (a statement answering ids, or the ids themselves) name, as the list answers them. */
function sideRows(db: Db, source: MyLeadSource, keys: Builder | number[]): Builder {
  const side = SIDES[source];
  const table = side.table;
  const q = side
    .query(db)
    .select(
      db.raw(`'${source}' as source`),
      db.ref(`${table}.id`).as('id'),
      ...Object.entries(side.columns).map(([as, col]) => db.ref(`${table}.${col}`).as(as)),
    )
    .toKnexQuery();
  return Array.isArray(keys) ? q.whereIn(`${table}.id`, keys) : q.join(keys.as('k'), 'k.id', `${table}.id`);
}

function toMyLead(r: Row): MyLead {
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

/** My Leads' order on rows: date newest first, then source, then id newest first. */
function myLeadsCompare(a: Row, b: Row): number {
  const at = (r: Row) => toIso(r.createdAt) ?? '';
  return at(b).localeCompare(at(a)) || String(a.source).localeCompare(String(b.source)) || Number(b.id) - Number(a.id);
}

/** One side's keys newest first (oldest first `backwards`), stopped after `limit`: one range of its index. */
function sideOrdered(keys: Builder, source: MyLeadSource, backwards: boolean, limit: number): Builder {
  const dir = backwards ? 'asc' : 'desc';
  return keys
    .orderBy([
      { column: SIDES[source].at, order: dir },
      { column: 'id', order: dir },
    ])
    .limit(limit);
}

/**
 * The first `limit` leads in the list's order (after `place` when given). Without a search: one seek of
 * `my_lead_keys`, then the rows by id (decision 274). With one: each side's first `limit` keys, each
 * side's rows read by a join on those keys, the two sides in one UNION ALL, merged: one statement reading
 * each side's index range and then the page's rows by primary key, at any depth (decision 266).
 */
async function myLeadsMerged(db: Db, userId: number, search: string | undefined, limit: number, place?: MyLeadPlace, backwards = false): Promise<Row[]> {
  if (!search) return rowsOfKeys(db, (await listedKeys(db, userId, backwards, place).limit(limit)) as Row[]);
  const [first, second] = SOURCES.map((source) => {
    const keys = sideKeys(db, source, userId, search);
    return sideRows(db, source, sideOrdered(place ? mySideSeek(keys, source, place, backwards) : keys, source, backwards, limit));
  });
  const rows = ((await first!.unionAll([second!])) as Row[]).sort(myLeadsCompare);
  return backwards ? rows.slice(-limit) : rows.slice(0, limit);
}

/**
 * One page of My Leads by number (numbers stop at the list's bound). Without a search: one range of
 * `my_lead_keys` with an offset (decision 274). With one, page 1 is the merge of each side's first page,
 * and a later page orders the two sides' keys together, each stopped after the page and the rows before
 * it. Either way the rows of the page's keys alone are read by id.
 */
async function myLeadsPage(db: Db, userId: number, search: string | undefined, slice: PageSlice): Promise<Row[]> {
  if (!search) return rowsOfKeys(db, (await listedKeys(db, userId, false).limit(slice.limit).offset(slice.offset)) as Row[]);
  if (slice.offset === 0) return myLeadsMerged(db, userId, search, slice.limit);
  const window = slice.offset + slice.limit;
  const parts = SOURCES.map((source) => sideOrdered(sideKeys(db, source, userId, search), source, false, window));
  const union = isMysql(db)
    ? db.queryBuilder().unionAll(parts, true)
    : db
        .select('*')
        .from(parts[0]!.as('a'))
        .unionAll([db.select('*').from(parts[1]!.as('b'))]);
  return rowsOfKeys(db, (await union.orderBy(MY_LEADS_ORDER).limit(slice.limit).offset(slice.offset)) as Row[]);
}

/** The rows of a page's keys (source, id), each side read by id, in the list's order. */
async function rowsOfKeys(db: Db, keys: Row[]): Promise<Row[]> {
  const sides = await Promise.all(
    SOURCES.map((source) => {
      const ids = keys.filter((k) => k.source === source).map((k) => Number(k.id));
      return ids.length ? sideRows(db, source, ids) : Promise.resolve([]);
    }),
  );
  return (sides as Row[][]).flat().sort(myLeadsCompare);
}

/** My Leads' order on `my_lead_keys`: its primary key read backwards (decision 274). */
const LISTED_ORDER: Keyset['order'] = ['listedAt', 'sourceKey', 'itemId'].map((column) => ({ column, order: 'desc' as const }));
const LISTED_ORDER_BACKWARDS: Keyset['order'] = LISTED_ORDER.map(({ column }) => ({ column, order: 'asc' as const }));

/** The agent's rows of `my_lead_keys`, as the list's keys (source, id, date). */
const listedOf = (db: Db, userId: number): Builder =>
  MyLeadKey.query(db)
    .select(
      db.raw(`CASE WHEN source_key = ${MY_LEAD_SOURCE_KEY.assigned} THEN 'assigned' ELSE 'purchased' END as source`),
      db.ref('itemId').as('id'),
      db.ref('listedAt').as('createdAt'),
    )
    .where('userId', userId)
    .toKnexQuery();

/**
 * My Leads' keys without a search, newest first (oldest first `backwards`), strictly after (before) a
 * place when given: one range of `my_lead_keys`' primary key, sought as every keyset list is (`seek`).
 * A page by number is that range with an offset: no merge, no sort.
 */
function listedKeys(db: Db, userId: number, backwards: boolean, place?: MyLeadPlace): Builder {
  const q = listedOf(db, userId);
  const from = place ? seek(q, LISTED_ORDER, [place.createdAt, MY_LEAD_SOURCE_KEY[place.source], place.id], backwards) : q;
  return from.orderBy(backwards ? LISTED_ORDER_BACKWARDS : LISTED_ORDER);
}

/** How many of My Leads match, bounded: `my_lead_keys` counted up to COUNT_LIMIT + 1 rows, or with a search each side so; one statement. */
async function countMyLeads(db: Db, userId: number, search: string | undefined) {
  if (!search) return countRowsBounded(MyLeadKey.query(db).where('userId', userId));
  const [a, b] = SOURCES.map((source) =>
    boundedCount(
      db,
      sideKeys(db, source, userId, search)
        .clearSelect()
        .select('id')
        .limit(COUNT_LIMIT + 1),
    ),
  );
  const row = (await db.queryBuilder().select({ a: a!, b: b! }).first()) as { a?: number | string; b?: number | string } | undefined;
  return boundedTotal(Number(row?.a ?? 0) + Number(row?.b ?? 0));
}

/** Where a page of My Leads starts: a page number, or the page after / before a lead of it (`purchased-12`). */
export interface MyLeadsPlace {
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}

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
 * One side's keys strictly after (or, `backwards`, before) a place in My Leads' order: one range of the
 * side's own index (decision 254).
 */
function mySideSeek(side: Builder, source: MyLeadSource, place: MyLeadPlace, backwards: boolean): Builder {
  const at = place.createdAt as Knex.Value;
  const col = SIDES[source].at;
  // The order is (date desc, source asc, id desc); forwards is "later in it", backwards "earlier".
  // Same source: the lexicographic seek on (date, id). The other source sorts after the place's on equal
  // dates ('assigned' < 'purchased'), so its rows of the same date fall on one side whole.
  const beyond = backwards ? '>' : '<';
  if (source === place.source) return side.where((w) => w.where(col, beyond, at).orWhere((e) => e.where(col, at).where('id', beyond, place.id)));
  if (source > place.source !== backwards) return side.where(col, `${beyond}=`, at);
  return side.where(col, beyond, at);
}

/** The page of My Leads after or before a place: each side seeks on its own index, the two merged. */
function myLeadsSeek(db: Db, userId: number, search: string | undefined, place: MyLeadPlace, backwards: boolean, limit: number) {
  return myLeadsMerged(db, userId, search, limit, place, backwards);
}

/**
 * My Leads, newest first: by page number (page 1, bounded as every list), or by keyset after / before a
 * lead of the list (decision 254), where any depth costs what page 1 does and there is no page cap. The
 * total is bounded (10,000+).
 */
export async function listMyLeads(db: Db, userId: number, place: MyLeadsPlace = {}, search?: string): Promise<Paged<MyLead>> {
  const slice = pageSlice(place.page ?? 1, place.pageSize ?? MY_LEADS_PAGE_SIZE);
  // The count and the page together: a count left running unawaited while the page failed (a pool
  // timeout under load) rejected with no one to hear it, and an unhandled rejection ends the process
  // (decision 267).
  const [total, found] = await Promise.all([countMyLeads(db, userId, search), myLeadsRows(db, userId, place, search, slice)]);
  const items = found.rows.map(toMyLead);
  return pageFrom(
    items,
    total,
    { page: found.page, pageSize: slice.pageSize },
    { prevCursor: found.hasPrev && items.length ? items[0]!.id : null, nextCursor: items.length === slice.limit ? items.at(-1)!.id : null },
  );
}

/** The rows of one page of My Leads: by number, or after / before a cursor's lead. */
async function myLeadsRows(db: Db, userId: number, place: MyLeadsPlace, search: string | undefined, slice: PageSlice) {
  const cursor = place.after ?? place.before;
  if (!cursor) return { rows: await myLeadsPage(db, userId, search, slice), page: slice.page, hasPrev: slice.offset > 0 };
  if (place.after)
    return { rows: await myLeadsSeek(db, userId, search, await myLeadPlace(db, cursor, 'after'), false, slice.limit), page: slice.page, hasPrev: true };
  // Backwards, one lead more than the page: it says a page comes before. Fewer: this is the start.
  const back = await myLeadsSeek(db, userId, search, await myLeadPlace(db, cursor, 'before'), true, slice.limit + 1);
  if (back.length > slice.limit) return { rows: back.slice(1), page: slice.page, hasPrev: true };
  return { rows: await myLeadsPage(db, userId, search, { ...slice, page: 1, offset: 0 }), page: 1, hasPrev: false };
}

export const MY_LEADS_CSV_HEADER = ['Name', 'Phone', 'Email', 'State', 'ZIP', 'Age range', 'Source', 'Assigned (UTC)', 'Form filled (UTC)'];
const MY_LEADS_CSV_BATCH = 1000;

/** Every lead of My Leads that matches the search, as CSV for a CRM (formula cells escaped), in batches. */
export async function* myLeadsCsv(db: Db, userId: number, search?: string, batch = MY_LEADS_CSV_BATCH): AsyncGenerator<string> {
  yield csvLine(MY_LEADS_CSV_HEADER);
  // By keyset (decision 256): each batch seeks after the last lead of the one before on each side's index,
  // so the 100th batch costs what the first does (by offset it re-read and re-sorted every lead before it).
  let place: MyLeadPlace | undefined;
  for (;;) {
    const rows = place
      ? await myLeadsSeek(db, userId, search, place, false, batch)
      : await myLeadsPage(db, userId, search, { page: 1, pageSize: batch, limit: batch, offset: 0 });
    if (!rows.length) return;
    const last = rows.at(-1)!;
    place = { createdAt: last.createdAt, source: last.source as MyLeadSource, id: Number(last.id) };
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
    if (rows.length < batch) return;
  }
}
