// The lead marketplace read side: available leads of one kind, filtered (state, age in days, zip)
// and paginated by the database, and the agent's own leads (assigned by an admin or bought).
import type { Knex } from 'knex';
import { isMysql, type Db } from '../../db/index.ts';
import { toIso } from '../../db/dates.ts';
import { LEAD_DEFAULT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { maskCustomerName } from '@tm/shared/logic/mask-name';
import type { LeadsQuery, LeadForSale, MyLead, Paged } from '@tm/shared/schemas/leads';
import { cachedList } from './list-cache.ts';
import { createHash } from 'node:crypto';
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

interface LeadRow {
  id: number | string;
  customerName: string | null;
  customerState: string;
  zipCode: string;
  currentAgeRange: string | null;
  ageDays: number;
  priceCents: number | null;
  callDuration: number | null;
  recordingUrl: string | null;
  formFillTime: string | null;
  consentAt?: string | null;
  certificateKind?: string | null;
  timesSoldBefore?: number | null;
  exclusive?: number | boolean | null;
}

export function leadPriceCents(row: { priceCents: number | null | undefined }): number {
  return row.priceCents ?? LEAD_DEFAULT_PRICE_CENTS;
}

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

type LeadFilter = Pick<LeadsQuery, 'states' | 'zips' | 'ages'>;

/**
 * The filter's own index (see migrations/20261122000300_leads.ts), most selective first: a zip code
 * holds a handful of leads, a state tens of thousands, an age range a slice of all of them.
 */
export function filterIndex(q: LeadFilter): string | null {
  if (q.zips.length) return 'leads_kind_status_zip';
  if (q.states.length) return 'leads_kind_status_state_age';
  if (q.ages.length) return 'leads_kind_status_age';
  return null;
}

/**
 * The filtered set of available leads of a kind (no order, no columns): shared by page and count.
 * forceIndex (MariaDB/MySQL only): read through that index instead of letting the optimizer walk
 * the primary key backwards for ORDER BY id, which reads far too many rows on deep pages.
 */
export function availableLeadsQuery(db: Db, kind: LeadKind, q: LeadFilter, forceIndex?: string | null): Knex.QueryBuilder {
  const query: Knex.QueryBuilder = forceIndex && isMysql(db) ? db.from(db.raw('?? FORCE INDEX (??)', ['leads', forceIndex])) : db('leads');
  query.where({ kind, status: 'available' });
  if (q.states.length) query.whereIn('customerState', q.states);
  if (q.zips.length) query.whereIn('zipCode', q.zips);
  if (q.ages.length) {
    query.where((w) => {
      for (const c of q.ages) {
        if (c.min === c.max) w.orWhere('ageDays', c.min);
        else w.orWhereBetween('ageDays', [c.min, c.max]);
      }
    });
  }
  return query;
}

/**
 * Up to this many matches, a page is read as: the ids from the filter's covering index, sorted,
 * then those rows by primary key. Beyond it, matches are dense and walking the id order is cheaper.
 */
export const SPARSE_MATCHES = 50_000;

/**
 * Totals above SPARSE_MATCHES (e.g. the unfiltered list over a million leads) cost a scan of that
 * many index entries; they are kept for a few seconds, which a "1,000,000 leads" label can afford.
 * Smaller totals are always exact. One pending count per filter is shared by concurrent requests.
 */
export const LARGE_COUNT_TTL_MS = 15_000;
const MAX_CACHED_COUNTS = 500;
const countsByDb = new WeakMap<Db, Map<string, { at: number; total: Promise<number> }>>();

export interface ListOptions {
  sparseMatches?: number;
  countTtlMs?: number;
  cacheTtlMs?: number;
  /** PER_STATE_WINDOW unless set (0: never read per state). */
  perStateWindow?: number;
}

/**
 * The filter's total, shared by every page of it (an agent paging through one filter counts once):
 * kept like the pages (list-cache.ts), so exact for every write this process sees.
 */
function countAvailable(db: Db, kind: LeadKind, q: LeadFilter, opts: ListOptions): Promise<number> {
  const key = `count ${JSON.stringify([kind, q.states, q.zips, q.ages, opts.sparseMatches ?? null, opts.countTtlMs ?? null])}`;
  return cachedList(db, key, () => countAvailableNow(db, kind, q, opts), opts.cacheTtlMs);
}

async function countAvailableNow(db: Db, kind: LeadKind, q: LeadFilter, opts: ListOptions): Promise<number> {
  const sparse = opts.sparseMatches ?? SPARSE_MATCHES;
  const ttl = opts.countTtlMs ?? LARGE_COUNT_TTL_MS;
  let largeCounts = countsByDb.get(db);
  if (!largeCounts) countsByDb.set(db, (largeCounts = new Map()));
  const key = JSON.stringify([kind, q.states, q.zips, q.ages]);
  const cached = largeCounts.get(key);
  if (cached && Date.now() - cached.at < ttl) return cached.total;
  const total = availableLeadsQuery(db, kind, q, filterIndex(q))
    .count({ n: '*' })
    .first()
    .then((row: { n?: number | string } | undefined) => Number(row?.n ?? 0));
  largeCounts.set(key, { at: Date.now(), total });
  try {
    const n = await total;
    if (n <= sparse) largeCounts.delete(key);
    return n;
  } catch (err) {
    largeCounts.delete(key);
    throw err;
  } finally {
    if (largeCounts.size > MAX_CACHED_COUNTS) largeCounts.delete(largeCounts.keys().next().value!);
  }
}

/**
 * One page of available leads, newest first, with the total matching the filters: the same for
 * every buyer, so kept a moment and shared (list-cache.ts says how it stays fresh).
 */
export function listLeadsForSale(db: Db, kind: LeadKind, q: LeadsQuery, opts: ListOptions = {}): Promise<Paged<LeadForSale>> {
  return cachedList(db, listKey(kind, q, opts), () => readLeadsForSale(db, kind, q, opts), opts.cacheTtlMs);
}

const listKey = (kind: LeadKind, q: LeadsQuery, opts: ListOptions) =>
  JSON.stringify([kind, q.states, q.zips, q.ages, q.page, q.pageSize, opts.sparseMatches ?? null, opts.countTtlMs ?? null, opts.perStateWindow ?? null]);

/** A JSON response body, with the ETag Express would compute for it (so it is not hashed per request). */
export interface JsonBody {
  json: Buffer;
  etag: string;
}

/** Express's weak ETag of a body: length in hex and the SHA-1 in base64 (the etag package's format). */
export function weakEtag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;
}

/** listLeadsForSale as JSON text, cached beside it (serialising 50 leads costs more than the lookup). */
export function listLeadsForSaleBody(db: Db, kind: LeadKind, q: LeadsQuery, opts: ListOptions = {}): Promise<JsonBody> {
  return cachedList(
    db,
    `json ${listKey(kind, q, opts)}`,
    async () => {
      // Kept as bytes: encoding 15 kB of text per response costs more than sending it.
      const json = Buffer.from(JSON.stringify(await readLeadsForSale(db, kind, q, opts)), 'utf8');
      return { json, etag: weakEtag(json) };
    },
    opts.cacheTtlMs,
  );
}

/**
 * Pages within the first PER_STATE_WINDOW matches of a filter naming up to PER_STATE_MAX_STATES states
 * (and no zip) are read per state: each state's newest matches from leads_kind_status_state_id_age,
 * merged by id. Each read stops after offset + pageSize entries instead of sorting every match.
 */
export const PER_STATE_MAX_STATES = 8;
export const PER_STATE_WINDOW = 1000;

function perStatePlan(q: LeadsQuery, opts: ListOptions): boolean {
  const window = q.page * q.pageSize;
  return q.states.length > 0 && q.states.length <= PER_STATE_MAX_STATES && q.zips.length === 0 && window <= (opts.perStateWindow ?? PER_STATE_WINDOW);
}

async function pageIdsPerState(db: Db, kind: LeadKind, q: LeadsQuery): Promise<number[]> {
  const offset = (q.page - 1) * q.pageSize;
  const window = offset + q.pageSize;
  const perState = await Promise.all(
    q.states.map(
      (state) =>
        availableLeadsQuery(db, kind, { states: [state], zips: [], ages: q.ages }, 'leads_kind_status_state_id_age')
          .select('id')
          .orderBy('id', 'desc')
          .limit(window) as Promise<Array<{ id: number | string }>>,
    ),
  );
  return perState
    .flat()
    .map((r) => Number(r.id))
    .sort((a, b) => b - a)
    .slice(offset, window);
}

async function readLeadsForSale(db: Db, kind: LeadKind, q: LeadsQuery, opts: ListOptions): Promise<Paged<LeadForSale>> {
  const offset = (q.page - 1) * q.pageSize;
  let total: number;
  let ids: number[] = [];
  if (perStatePlan(q, opts)) {
    [total, ids] = await Promise.all([countAvailable(db, kind, q, opts), pageIdsPerState(db, kind, q)]);
  } else {
    total = await countAvailable(db, kind, q, opts);
    if (offset < total) {
      const index = total <= (opts.sparseMatches ?? SPARSE_MATCHES) ? filterIndex(q) : null;
      const rows = (await availableLeadsQuery(db, kind, q, index).select('id').orderBy('id', 'desc').limit(q.pageSize).offset(offset)) as {
        id: number | string;
      }[];
      ids = rows.map((r) => Number(r.id));
    }
  }
  let items: LeadForSale[] = [];
  if (ids.length) {
    const rows = (await db('leads')
      .select(...FOR_SALE_COLUMNS)
      .whereIn('id', ids)) as LeadRow[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    items = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toLeadForSale(row)] : [];
    });
  }
  return { items, total, page: q.page, pageSize: q.pageSize };
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
    db('leadAssignments')
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
      .where('agentId', userId),
    search,
    { name: 'name', phone: 'phone', email: 'email', state: 'state', zip: 'zipCode' },
  );
  const bought = searchOn(
    db('leads')
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
      .where({ buyerId: userId, status: 'sold' }),
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
    db.count({ n: '*' }).from(counts.assigned.clearSelect().select('id').as('a')).first(),
    db.count({ n: '*' }).from(counts.bought.clearSelect().select('id').as('b')).first(),
  ]);
  const items = (rows as Array<Record<string, unknown>>).map(toMyLead);
  const n = (x: unknown) => Number((x as { n?: number | string } | undefined)?.n ?? 0);
  return { items, total: n(a) + n(b), page, pageSize };
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
