// Server-side pagination and "contains" search helpers for the admin lists (same SQL on SQLite and MariaDB).
import type { Knex } from 'knex';
import type { Page } from '@tm/shared/schemas/admin';

/** A LIKE pattern matching `text` anywhere, with %, _ and the escape character itself escaped by '!'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Adds `(col1 LIKE p OR col2 LIKE p ...)` for one search term. */
export function whereAnyContains(q: Knex.QueryBuilder, columns: string[], term: string): Knex.QueryBuilder {
  const pattern = containsPattern(term);
  return q.where((w) => {
    // Case-insensitive on both databases, also where a column's collation is binary (e-mails on MariaDB, decision 040).
    for (const c of columns) w.orWhereRaw('LOWER(??) LIKE LOWER(?) ESCAPE ?', [c, pattern, '!']);
  });
}

export async function paginate<Row, T>(
  base: Knex.QueryBuilder,
  opts: { page: number; pageSize: number; orderBy: Array<{ column: string; order: 'asc' | 'desc' }>; map: (row: Row) => T },
): Promise<Page<T>> {
  const countRow = (await base.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n?: number | string } | undefined;
  const total = Number(countRow?.n ?? 0);
  const rows = (await base
    .clone()
    .orderBy(opts.orderBy)
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)) as Row[];
  return { items: rows.map(opts.map), total, page: opts.page, pageSize: opts.pageSize, pageCount: Math.max(1, Math.ceil(total / opts.pageSize)) };
}
