// A short-lived, shared cache of the for-sale lists (micro-caching). Many agents read the same
// filtered pages; one database read per filter and page serves everyone for LIST_CACHE_TTL_MS, and
// concurrent requests for the same page share one pending read.
//
// Staleness: every write to the leads table, and every COMMIT or ROLLBACK, seen by this process
// bumps a version and invalidates every entry at once, so a buyer never sees the leads they just
// reserved or bought, nor misses a lead an admin just imported. On MariaDB the bump also happens
// after the statement's answer is in (knexfile `afterWrite`), so a read that raced a commit is not
// kept. Writes made by another process show after at most LIST_CACHE_TTL_MS; buying what another
// process sold in that window is refused by the order (409), never sold twice.
import { afterWrite } from '../../../../knexfile.ts';
import type { Db } from '../../db/index.ts';

export const LIST_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 2000;

/** A statement that may change the for-sale lists: a write to `leads`, or the end of a transaction. */
const LEADS_WRITE = /^\s*(?:(?:insert\s+(?:ignore\s+)?into|replace\s+into|update|delete\s+from)\s+[`"]?leads[`"]?[\s(]|commit\b|rollback\b)/i;

let version = 0;

export function noteStatement(sql: string): void {
  if (LEADS_WRITE.test(sql)) version++;
}

afterWrite.add(noteStatement);

interface Entry { at: number; version: number; value: Promise<unknown> }
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
    db.on('query', (q: { sql?: string }) => noteStatement(String(q.sql ?? '')));
  }
  return cache;
}

/** The cached answer for key, or load() once for everyone asking until it is stale. */
export function cachedList<T>(db: Db, key: string, load: () => Promise<T>, ttlMs = LIST_CACHE_TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (ttlMs > 0 && hit && hit.version === version && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const entry: Entry = { at: now, version, value: load() };
  if (ttlMs <= 0) return entry.value as Promise<T>;
  cache.delete(key);
  cache.set(key, entry);
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry.value as Promise<T>;
}
