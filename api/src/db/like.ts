// The one "contains" search of the API's lists: a LIKE whose %, _ and \ are taken literally, the same on
// SQLite and MariaDB. The escape character is a bound parameter, never written in the SQL: a backslash in
// SQL text is one character to MariaDB and two to SQLite (which then refuses it as an ESCAPE).
import type { Knex } from 'knex';
export const LIKE_ESCAPE = '\\';

/** A LIKE pattern matching `text` anywhere, its %, _ and \ escaped (so they match only themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;
}

/** What a where-callback's builder offers: Knex's and Objection's alike. */
interface OrWhereRaw {
  orWhereRaw(sql: string, bindings: Knex.RawBinding[]): unknown;
}

/** Adds `OR LOWER(column) = LOWER(text)`: the whole value, any case (an e-mail filter's exact match, decision 249). */
export function orWhereEqualsIgnoringCase(w: OrWhereRaw, column: string, text: string): void {
  w.orWhereRaw('LOWER(??) = LOWER(?)', [column, text]);
}

/**
 * Adds `OR LOWER(column) LIKE LOWER(pattern)`: case-insensitive on both databases, also where a column's
 * collation is binary (e-mails on MariaDB, decision 040). `column` is a name as the model spells it
 * ('email', 'u.firstName'): the snake_case mapping applies.
 */
export function orWhereContains(w: OrWhereRaw, column: string, text: string): void {
  w.orWhereRaw('LOWER(??) LIKE LOWER(?) ESCAPE ?', [column, containsPattern(text), LIKE_ESCAPE]);
}

/** Narrows `q` (a Knex or Objection builder) to rows where any of `columns` contains `term`. */
export function whereAnyContains<Q extends { where(callback: (w: OrWhereRaw) => void): unknown }>(q: Q, columns: readonly string[], term: string): Q {
  q.where((w) => {
    for (const c of columns) orWhereContains(w, c, term);
  });
  return q;
}

/** Narrows `q` to rows where any of `columns` is `term`, whole, in any case. */
export function whereAnyEquals<Q extends { where(callback: (w: OrWhereRaw) => void): unknown }>(q: Q, columns: readonly string[], term: string): Q {
  q.where((w) => {
    for (const c of columns) orWhereEqualsIgnoringCase(w, c, term);
  });
  return q;
}

/**
 * An admin's e-mail filter (decision 249): the address whole (`exact`, the default, so `a@x.com` never finds
 * `aa@x.com`), or any part of it with LIKE's wildcards taken literally (`contains`).
 */
export function whereEmail<Q extends { where(callback: (w: OrWhereRaw) => void): unknown }>(
  q: Q,
  columns: readonly string[],
  term: string,
  match: 'exact' | 'contains',
): Q {
  return match === 'contains' ? whereAnyContains(q, columns, term) : whereAnyEquals(q, columns, term);
}
