// A short-lived, shared cache of the for-sale lists (micro-caching). Many agents read the same
// filtered pages; one database read per filter and page serves everyone for LIST_CACHE_TTL_MS, and
// concurrent requests for the same page share one pending read.
//
// Staleness: every write to the leads table, and every COMMIT or ROLLBACK, seen by this process
// invalidates every entry at once (api/src/db/write-watch.ts), so a buyer never sees the leads they
// just reserved or bought, nor misses a lead an admin just imported. Writes made by another process
// show after at most LIST_CACHE_TTL_MS; buying what another process sold in that window is refused
// by the order (409), never sold twice.
import type { Db } from '../../db/index.ts';
import { cachedRead } from '../../db/write-watch.ts';

export const LIST_CACHE_TTL_MS = 2000;

/** The cached answer for key, or load() once for everyone asking until it is stale. */
export function cachedList<T>(db: Db, key: string, load: () => Promise<T>, ttlMs = LIST_CACHE_TTL_MS): Promise<T> {
  return cachedRead(db, 'leads', key, load, ttlMs);
}
