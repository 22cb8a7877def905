// The one paging helper of the API's lists (issue 28 point 5), a query helper beside the other query code
// (issue 39 point 4: the domain calls it, it calls back into no service): bounds ?page= and ?pageSize=,
// turns them into LIMIT/OFFSET or a keyset seek (decision 236), runs the page's rows and its count, and
// answers the shared Page shape. CSV exports read a whole list with `seekBatches` from here too.
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import { COUNT_LIMIT, MAX_PAGE_SIZE, pageOf, type Page } from '@tm/shared/schemas/paging';
import { badRequest } from '../errors.ts';

/** A page request made safe: page >= 1, 1 <= pageSize <= the list's maximum, and the rows it skips. */
export interface PageSlice {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/**
 * The slice of a list that page `page` of `pageSize` rows is. The query schemas already refuse what is
 * out of bounds; this is the last word for every caller (a 400 naming the field, as the schemas do).
 */
export function pageSlice(page: number, pageSize: number, maxPageSize = MAX_PAGE_SIZE): PageSlice {
  const refuse = (field: 'page' | 'pageSize', message: string) => badRequest(message, { [field]: message });
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw refuse('pageSize', 'Page size must be at least 1');
  if (pageSize > maxPageSize) throw refuse('pageSize', `Page size must be at most ${maxPageSize}`);
  if (!Number.isSafeInteger(page) || page < 1) throw refuse('page', 'Page must be at least 1');
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** A total as a count query answers it: exact, or bounded ({ capped: true } past COUNT_LIMIT). */
export type PageTotal = number | { total: number; capped: boolean };

/** A bounded count's answer: the number itself up to COUNT_LIMIT, else COUNT_LIMIT and capped. */
export const boundedTotal = (n: number): { total: number; capped: boolean } =>
  n > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total: n, capped: false };

type Query = Knex.QueryBuilder | AnyQueryBuilder;

/** A query the helper can cut into batches: a Knex or Objection builder (its rows are kept as it gives them). */
interface Sliceable<Row> {
  limit(n: number): { offset(n: number): PromiseLike<Row[]> };
}

const knexOf = (q: Query): Knex.QueryBuilder => ('toKnexQuery' in q ? q.toKnexQuery() : q);

/** COUNT(*) of a query's rows (its select list and order dropped: the same rows, counted). */
export async function countRows(q: Query): Promise<number> {
  const row = (await knexOf(q).clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** COUNT of a query's rows up to COUNT_LIMIT + 1 and no further (a keyset list's "10,000+"): bounded in cost. */
export async function countRowsBounded(q: Query): Promise<{ total: number; capped: boolean }> {
  const k = knexOf(q);
  const part = k
    .clone()
    .clearSelect()
    .clearOrder()
    .select(k.client.raw('1 as x'))
    .limit(COUNT_LIMIT + 1);
  const row = (await k.client.queryBuilder().count({ n: '*' }).from(part.as('b')).first()) as { n?: number | string } | undefined;
  return boundedTotal(Number(row?.n ?? 0));
}

export interface PageParts {
  /** The list's query, filtered and ordered; the helper adds LIMIT and OFFSET (or, with `keyset`, the seek). */
  rows: Query;
  /** The same rows, unordered: counted exactly by `countRows`, or (keyset lists) up to COUNT_LIMIT + 1. */
  count: Query;
  maxPageSize?: number;
  /** Read by keyset on the list's order instead of by offset (decision 236). */
  keyset?: Keyset;
}

/**
 * A list read by keyset, described by data (the helper calls back into no service, issue 39 point 4):
 * its order (the columns as the list's query names them, the last one unique: the id), where a
 * cursor's sort values are read by primary key (a row that left the list, sold in between, keeps its
 * place), and the property of a row that holds its id.
 */
export interface Keyset {
  order: Array<{ column: string; order: 'asc' | 'desc' }>;
  /** The table the cursor's row is read from by `id`, and its columns for the order's columns but the
   *  last (the id). Omitted when the order is the id alone. */
  cursorRow?: { table: string; columns: string[] };
  /** The row property holding the id (default 'id'). */
  idKey?: string;
}

/** The rows strictly after (or, `backwards`, strictly before) `values` in `order`: the lexicographic seek. */
export function seek<Q extends Knex.QueryBuilder>(q: Q, order: Keyset['order'], values: unknown[], backwards: boolean): Q {
  return q.where((w) => {
    order.forEach((col, k) => {
      const later = (col.order === 'asc') !== backwards ? '>' : '<';
      w.orWhere((e) => {
        for (let i = 0; i < k; i++) e.where(order[i]!.column, values[i] as Knex.Value);
        e.where(col.column, later, values[k] as Knex.Value);
      });
    });
  }) as Q;
}

/** The sort values of the row a cursor names, read by primary key; undefined when there is no such row. */
async function cursorValues(base: Knex.QueryBuilder, ks: Keyset, id: number): Promise<unknown[] | undefined> {
  if (!ks.cursorRow) return [id];
  const { table, columns } = ks.cursorRow;
  const row = (await base.client
    .queryBuilder()
    .from(table)
    .where('id', id)
    .first(columns.map((c, i) => `${c} as k${i}`))) as Record<string, unknown> | undefined;
  return row ? [...columns.map((_, i) => row[`k${i}`]), id] : undefined;
}

/** One page of a keyset list after or before a cursor, or by page number without one, with both cursors. */
async function keysetRows<Row>(
  q: { after?: number; before?: number },
  slice: PageSlice,
  query: Query,
  ks: Keyset,
): Promise<{ rows: Row[]; page: number; prevCursor: string | null; nextCursor: string | null }> {
  const base = knexOf(query);
  const id = q.after ?? q.before;
  const field = q.after !== undefined ? 'after' : 'before';
  const idOf = (row: Row) => String((row as Record<string, unknown>)[ks.idKey ?? 'id']);
  const reversed = ks.order.map((c) => ({ column: c.column, order: c.order === 'asc' ? ('desc' as const) : ('asc' as const) }));
  let rows: Row[];
  let page = slice.page;
  let hasPrev = slice.offset > 0;
  if (id === undefined) rows = (await base.clone().orderBy(ks.order).limit(slice.limit).offset(slice.offset)) as Row[];
  else {
    const values = await cursorValues(base, ks, id);
    if (!values)
      throw badRequest(`${field}: no such row (use the ${field === 'after' ? 'nextCursor' : 'prevCursor'} of the page next to it)`, { [field]: 'No such row' });
    if (q.after !== undefined) {
      rows = (await seek(base.clone(), ks.order, values, false).orderBy(ks.order).limit(slice.limit)) as Row[];
      hasPrev = true;
    } else {
      // Backwards, one row more than the page: that row says whether a page comes before. Fewer than a
      // page before it: this is the start, answered as page 1.
      const back = (await seek(base.clone(), ks.order, values, true)
        .orderBy(reversed)
        .limit(slice.limit + 1)) as Row[];
      if (back.length > slice.limit) {
        rows = back.slice(0, slice.limit).reverse();
        hasPrev = true;
      } else {
        rows = (await base.clone().orderBy(ks.order).limit(slice.limit)) as Row[];
        [page, hasPrev] = [1, false];
      }
    }
  }
  return {
    rows,
    page,
    prevCursor: hasPrev && rows.length ? idOf(rows[0]!) : null,
    nextCursor: rows.length === slice.limit ? idOf(rows.at(-1)!) : null,
  };
}

/** A Page of rows from a slice and a total as a count answers it (for lists read in parts, as My Leads). */
export function pageFrom<T>(
  rows: T[],
  total: PageTotal,
  slice: Pick<PageSlice, 'page' | 'pageSize'>,
  cursors: Pick<Page<T>, 'nextCursor' | 'prevCursor'> = {},
): Page<T> {
  const t = typeof total === 'number' ? total : total.total;
  return pageOf(rows, t, slice.page, slice.pageSize, { ...(typeof total === 'number' ? {} : { totalCapped: total.capped }), ...cursors });
}

/** The same page with its rows turned into the list's items (the caller maps; readPage calls back into nothing). */
export function withItems<T>(page: Page<unknown>, items: T[]): Page<T> {
  return { ...page, items };
}

/**
 * One page of a list: its rows and its total read at once, in the shared Page shape, the rows as the
 * query gives them (the caller maps them to its items with `withItems`).
 */
export async function readPage<Row>(q: { page: number; pageSize: number; after?: number; before?: number }, parts: PageParts): Promise<Page<Row>> {
  const slice = pageSlice(q.page, q.pageSize, parts.maxPageSize);
  const { rows, count, keyset } = parts;
  if (keyset) {
    const [counted, found] = await Promise.all([countRowsBounded(count), keysetRows<Row>(q, slice, rows, keyset)]);
    return pageFrom(found.rows, counted, { page: found.page, pageSize: slice.pageSize }, { nextCursor: found.nextCursor, prevCursor: found.prevCursor });
  }
  // The count is sent first (the lists' query-plan tests read the statements in this order).
  const [counted, found] = await Promise.all([countRows(count), (rows as unknown as Sliceable<Row>).limit(slice.limit).offset(slice.offset)]);
  return pageFrom(found, counted, slice);
}

/**
 * A whole list in batches of `size` rows by keyset on `order` (its last column unique, the id), for the
 * CSV exports whose order is an index's (decision 277): each batch seeks after the last row of the one
 * before (`seek`), so the 50th batch costs what the first does and a row written meanwhile neither repeats
 * a row nor pushes one out, as it would by offset. `valuesOf` reads a row's values for `order`; at most
 * `limit` rows in all.
 */
export async function* seekBatches<Row>(
  query: () => Knex.QueryBuilder,
  order: Keyset['order'],
  valuesOf: (row: Row) => unknown[],
  size: number,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<Row[]> {
  let after: unknown[] | undefined;
  for (let left = limit; left > 0;) {
    const q = query();
    const rows = (await (after ? seek(q, order, after, false) : q).orderBy(order).limit(Math.min(size, left))) as Row[];
    if (rows.length) yield rows;
    if (rows.length < Math.min(size, left)) return;
    left -= rows.length;
    after = valuesOf(rows.at(-1)!);
  }
}
