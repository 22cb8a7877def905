// The one paging helper of the API's lists (issue 28 point 5): bounds ?page= and ?pageSize=, turns them
// into LIMIT/OFFSET, runs the page's rows and its count, and answers the shared Page shape. CSV exports
// that read a whole list in batches use `batches` from here too, so no service computes an offset.
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

/** A query the helper can cut to a page: a Knex or Objection builder (its rows are kept as it gives them). */
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

export interface PageParts<Row, T> {
  /** The list's query, filtered and ordered; the helper adds LIMIT and OFFSET. Or, for a list read in
   *  parts (the leads for sale), a function reading the slice itself. */
  rows: Sliceable<Row> | ((slice: PageSlice) => PromiseLike<Row[]>);
  /** The same rows unordered, counted by `countRows`; or a function answering the total its own way. */
  count: Query | (() => PromiseLike<PageTotal>);
  map: (rows: Row[]) => T[] | PromiseLike<T[]>;
  maxPageSize?: number;
  /** A cursor list's next cursor, from the page's items. */
  nextCursor?: (items: T[]) => string | null;
  /** Read by keyset on the list's order instead of by offset (decision 236); `rows` must then be a builder. */
  keyset?: Keyset<Row>;
}

/**
 * A list read by keyset: its order (the columns as the query names them, the last one unique, the id),
 * the sort values of the row a cursor names (read by primary key: undefined when there is none), and a
 * row's id. A page after a cursor is a range seek on the order's index, at any depth.
 */
export interface Keyset<Row> {
  order: Array<{ column: string; order: 'asc' | 'desc' }>;
  valuesOf: (id: number) => PromiseLike<unknown[] | undefined>;
  idOf: (row: Row) => number;
}

/** The rows strictly after (or, `backwards`, strictly before) `values` in `order`: the lexicographic seek. */
function seek(q: Knex.QueryBuilder, order: Keyset<unknown>['order'], values: unknown[], backwards: boolean): Knex.QueryBuilder {
  return q.where((w) => {
    order.forEach((col, k) => {
      const later = (col.order === 'asc') !== backwards ? '>' : '<';
      w.orWhere((e) => {
        for (let i = 0; i < k; i++) e.where(order[i]!.column, values[i] as Knex.Value);
        e.where(col.column, later, values[k] as Knex.Value);
      });
    });
  });
}

/** One page of a keyset list after or before a cursor, or by page number without one, with both cursors. */
async function keysetRows<Row>(
  q: { after?: number; before?: number },
  slice: PageSlice,
  query: Query,
  ks: Keyset<Row>,
): Promise<{ rows: Row[]; page: number; prevCursor: string | null; nextCursor: string | null }> {
  const base = knexOf(query);
  const id = q.after ?? q.before;
  const field = q.after !== undefined ? 'after' : 'before';
  const reversed = ks.order.map((c) => ({ column: c.column, order: c.order === 'asc' ? ('desc' as const) : ('asc' as const) }));
  let rows: Row[];
  let page = slice.page;
  let hasPrev = slice.offset > 0;
  if (id === undefined) rows = (await base.clone().orderBy(ks.order).limit(slice.limit).offset(slice.offset)) as Row[];
  else {
    const values = await ks.valuesOf(id);
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
    prevCursor: hasPrev && rows.length ? String(ks.idOf(rows[0]!)) : null,
    nextCursor: rows.length === slice.limit ? String(ks.idOf(rows.at(-1)!)) : null,
  };
}

/** One page of a list: its rows and its total read at once, in the shared Page shape. */
export async function readPage<Row, T>(q: { page: number; pageSize: number; after?: number; before?: number }, parts: PageParts<Row, T>): Promise<Page<T>> {
  const slice = pageSlice(q.page, q.pageSize, parts.maxPageSize);
  const { rows, count, keyset } = parts;
  if (keyset) {
    if (typeof rows === 'function' || !('where' in rows)) throw new Error('readPage: a keyset list reads from a query builder');
    const [counted, found] = await Promise.all([typeof count === 'function' ? count() : countRowsBounded(count), keysetRows(q, slice, rows as Query, keyset)]);
    const total = typeof counted === 'number' ? counted : counted.total;
    return pageOf(await parts.map(found.rows), total, found.page, slice.pageSize, {
      ...(typeof counted === 'number' ? {} : { totalCapped: counted.capped }),
      nextCursor: found.nextCursor,
      prevCursor: found.prevCursor,
    });
  }
  // The count is sent first (the lists' query-plan tests read the statements in this order).
  const [counted, found] = await Promise.all([
    typeof count === 'function' ? count() : countRows(count),
    typeof rows === 'function' ? rows(slice) : rows.limit(slice.limit).offset(slice.offset),
  ]);
  const items = await parts.map(found);
  const total = typeof counted === 'number' ? counted : counted.total;
  return pageOf(items, total, slice.page, slice.pageSize, {
    ...(typeof counted === 'number' ? {} : { totalCapped: counted.capped }),
    ...(parts.nextCursor ? { nextCursor: parts.nextCursor(items) } : {}),
  });
}

/**
 * A whole list in batches of `size` rows, in the query's order, for the CSV exports: `query` gives a
 * fresh builder each time (a builder is used once). Stops after the first short batch.
 */
export async function* batches<Row>(query: () => Sliceable<Row>, size: number): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await query().limit(size).offset(offset);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
