// Which tables this process has written, as version numbers, for caches of query results.
//
// Every INSERT, UPDATE, DELETE or REPLACE bumps its table's version, and every COMMIT or ROLLBACK
// bumps all of them (a transaction's writes become visible at its end). Statements are seen through
// Knex's 'query' event (sent just before the statement runs) and, on MariaDB, again once their answer
// is in (knexfile `afterWrite`), so a read that raced a commit is never kept. On SQLite the single
// pooled connection runs statements one at a time, so the first notice already orders them.
import { afterWrite } from '../../../knexfile.ts';
import type { Db } from './index.ts';

const WRITE = /^\s*(?:insert\s+(?:ignore\s+)?into|replace\s+into|update|delete\s+from)\s+[`"]?(\w+)[`"]?[\s(]/i;
const END = /^\s*(?:commit|rollback)\b/i;

const versions = new Map<string, number>();
let ends = 0;

/** Told of each write this process makes: a table, or '*' for the end of a transaction. */
const localWriteListeners = new Set<(table: string) => void>();

export function noteStatement(sql: string): void {
  const table = WRITE.exec(sql)?.[1]?.toLowerCase();
  if (table) versions.set(table, (versions.get(table) ?? 0) + 1);
  else if (END.test(sql)) ends++;
  else return;
  for (const l of localWriteListeners) l(table ?? '*');
}

/** Follows this process's writes (api/src/infra/shared-writes.ts tells the other processes). */
export function onLocalWrite(listener: (table: string) => void): () => void {
  localWriteListeners.add(listener);
  return () => void localWriteListeners.delete(listener);
}

/** Another process wrote `table` ('*': ended a transaction): this process's caches of it are stale. */
export function noteRemoteWrite(table: string): void {
  if (table === '*') ends++;
  else versions.set(table, (versions.get(table) ?? 0) + 1);
}

/** Changes whenever this process writes the (snake_case) table or ends a transaction. */
export function tableVersion(table: string): number {
  return (versions.get(table) ?? 0) * 1_000_003 + ends;
}

afterWrite.add(noteStatement);

const watched = new WeakSet<Db>();

/** Starts following the statements of a Knex instance (once per instance). */
export function watchWrites(db: Db): void {
  if (watched.has(db)) return;
  watched.add(db);
  db.on('query', (q: { sql?: string }) => noteStatement(String(q.sql ?? '')));
}

interface Entry {
  at: number;
  version: number;
  value: Promise<unknown>;
}
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * A short-lived shared cache of a read of `table`: the cached answer for key while this process has
 * not written the table (nor ended a transaction) and it is younger than ttlMs, else load() once for
 * everyone asking. A failed load is not kept. Writes by other processes show after at most ttlMs, or at
 * once when the processes share their writes through Redis (infra/shared-writes.ts).
 */
export function cachedRead<T>(db: Db, table: string, key: string, load: () => Promise<T>, ttlMs: number, maxEntries = 2000): Promise<T> {
  watchWrites(db);
  if (!(ttlMs > 0)) return load();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const version = tableVersion(table);
  const k = `${table}\u0000${key}`;
  const hit = cache.get(k);
  if (hit && hit.version === version && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const entry: Entry = { at: now, version, value: load() };
  cache.delete(k);
  cache.set(k, entry);
  const map = cache;
  entry.value.catch(() => {
    if (map.get(k) === entry) map.delete(k);
  });
  if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  return entry.value as Promise<T>;
}
