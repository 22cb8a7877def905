// My Leads: the leads an admin assigned to the agent (lead_assignments) and the leads the agent bought
// (leads sold to them), newest first, searchable, read by page number or by keyset (decision 254), and the
// same list as CSV for a CRM.
import { ASSIGNED_LABEL } from '@tm/shared/schemas/dashboard';
import type { Knex } from 'knex';
import { isMysql, type Db } from '../../db/index.ts';
import { toCalendarDateOrIso, toIso } from '../../db/dates.ts';
import { badRequest } from '../../errors.ts';
import { Lead, LeadAssignment } from '../../models/index.ts';
import type { MyLead, Paged } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT } from '@tm/shared/schemas/paging';
import { orWhereContains } from '../../db/like.ts';
import { boundedTotal, pageFrom, pageSlice, type PageSlice } from '../../db/paging.ts';
import { csvLine } from '../../lib/csv.ts';
import { boundedCount } from './leads.service.ts';

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
  // The date bound alone as well (it holds for every row the OR lets through): it is what makes the seek
  // one range of the index (decision 268).
  if (source === place.source)
    side.where(cols.at, `${beyond}=`, at).where((w) => w.where(cols.at, beyond, at).orWhere((e) => e.where(cols.at, at).where(cols.id, beyond, place.id)));
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

/**
 * The page of My Leads after or before a place: each side seeks on its own index, the two merged. Each side
 * seeks its ids alone (date and id: its index holds them), then reads those rows by primary key. Asked for
 * every column at once, MariaDB read the bought side's index from its newest entry and looked up and
 * dropped every lead before the place: the 100th batch of the CSV read 100,000 rows (decision 268).
 */
async function myLeadsSeek(db: Db, userId: number, search: string | undefined, place: MyLeadPlace, backwards: boolean, limit: number) {
  const { assigned, bought } = myLeadsUnion(db, userId, search);
  const seek = async (side: Builder, source: MyLeadSource, at: string) => {
    const ids = (await mySideSeek(side.clone().clearSelect().select('id'), source, { at, id: 'id' }, place, backwards, limit)) as Array<{ id: number }>;
    return ids.length
      ? ((await side.whereIn(
          'id',
          ids.map((x) => x.id),
        )) as Array<Record<string, unknown>>)
      : [];
  };
  const [a, b] = await Promise.all([seek(assigned, 'assigned', 'assignedAt'), seek(bought, 'purchased', 'soldAt')]);
  const rows = [...a, ...b].sort(myLeadsCompare);
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
