// Reads from a replica when one is configured (READ_DATABASE_URL, decision 238): the lists, reports and
// exports read through `readFrom`; every write and every read that decides a sale stays on `deps.db`.
//
// Read-your-purchase whatever the lag: after a successful write request of a logged-in user (any
// non-GET /api request made in a session that answers below 400: a purchase, an admin's change; not the
// login itself), the primary's binary-log position (@@gtid_binlog_pos, MariaDB's GTIDs) goes into a
// cookie. A later list read by that browser asks the replica MASTER_GTID_WAIT(position, 0): it reads the
// replica only if the replica has applied that position already, else the primary (and the cookie stays
// until the replica has caught up). A primary without GTIDs (no binary log: never a replicated one)
// gives no position: that browser reads the primary for the cookie's lifetime.
//
// A replica that is down (refused, lost, timed out) is left alone for REPLICA_RETRY_MS and the read is
// answered from the primary: stopping the replica degrades reads, never fails them.
import type { Request, Response, NextFunction } from 'express';
import { parse as parseCookie } from 'cookie';
import type { AppDeps } from '../deps.ts';
import { isMysql, type Db } from './index.ts';
import { isDatabaseUnavailable } from './errors.ts';

export const READ_AFTER_COOKIE = 'tm_read_after';
/** No position to wait for: read the primary until the cookie lapses. */
const PRIMARY = 'primary';
/** How long a browser's write position is kept (the longest lag it covers without GTIDs). */
const READ_AFTER_MAX_AGE_MS = 60 * 60 * 1000;
/** A replica found down is not asked again for this long. */
export const REPLICA_RETRY_MS = 5_000;
/** A GTID position: domain-server-sequence, comma-separated per domain (bounded: a browser sends it). */
const GTID_POSITION = /^\d{1,10}-\d{1,10}-\d{1,20}(,\d{1,10}-\d{1,10}-\d{1,20}){0,15}$/;

const downUntil = new WeakMap<Db, number>();

/** The primary's binary-log position after a write (MariaDB GTIDs), or PRIMARY when it keeps none. */
async function primaryPosition(db: Db): Promise<string> {
  if (!isMysql(db)) return PRIMARY;
  const [rows] = (await db.raw('SELECT @@gtid_binlog_pos AS p')) as unknown as [Array<{ p: string | null }>];
  const p = rows[0]?.p ?? '';
  return GTID_POSITION.test(p) ? p : PRIMARY;
}

/**
 * Middleware on /api: after a successful write request, the browser gets the primary's position in a
 * cookie (set before the answer is sent). Only when a replica is configured.
 */
export function rememberWrites(deps: AppDeps) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!deps.readDb || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    // Who was logged in when the request came: a login writes a session, not what a list shows.
    if (req.session?.userId === undefined) return next();
    const json = res.json.bind(res);
    res.json = (body?: unknown) => {
      if (res.statusCode >= 400 || res.headersSent) return json(body);
      primaryPosition(deps.db)
        .catch(() => PRIMARY)
        .then((position) => {
          if (!res.headersSent) res.cookie(READ_AFTER_COOKIE, position, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: READ_AFTER_MAX_AGE_MS });
          json(body);
        })
        .catch(next);
      return res;
    };
    next();
  };
}

/** Which database answers this request's list read: the replica unless it is down or behind this browser's own write. */
export async function readerFor(deps: AppDeps, req: Request, res: Response): Promise<Db> {
  const replica = deps.readDb;
  if (!replica || (downUntil.get(replica) ?? 0) > Date.now()) return deps.db;
  const position = parseCookie(req.headers.cookie ?? '')[READ_AFTER_COOKIE];
  if (!position) return replica;
  if (!GTID_POSITION.test(position)) return deps.db;
  try {
    const [rows] = (await replica.raw('SELECT MASTER_GTID_WAIT(?, 0) AS w', [position])) as unknown as [Array<{ w: number | string }>];
    if (Number(rows[0]?.w) !== 0) return deps.db;
    // Caught up: later reads need not ask again.
    res.clearCookie(READ_AFTER_COOKIE, { path: '/' });
    return replica;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    downUntil.set(replica, Date.now() + REPLICA_RETRY_MS);
    return deps.db;
  }
}

/** Runs a list read on the database `readerFor` chooses; a replica that fails as unavailable is retried on the primary. */
export async function readFrom<T>(deps: AppDeps, req: Request, res: Response, read: (db: Db) => Promise<T>): Promise<T> {
  const db = await readerFor(deps, req, res);
  try {
    return await read(db);
  } catch (err) {
    if (db === deps.db || !isDatabaseUnavailable(err)) throw err;
    deps.logger.warn({ err }, 'replica unavailable: reading the primary');
    downUntil.set(db, Date.now() + REPLICA_RETRY_MS);
    return read(deps.db);
  }
}

/**
 * The database a streamed export reads (it cannot start again on another once rows are sent): the
 * replica `readerFor` chooses, checked with one cheap statement first, else the primary.
 */
export async function readerForStream(deps: AppDeps, req: Request, res: Response): Promise<Db> {
  const db = await readerFor(deps, req, res);
  if (db === deps.db) return db;
  try {
    await db.raw('SELECT 1');
    return db;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    downUntil.set(db, Date.now() + REPLICA_RETRY_MS);
    return deps.db;
  }
}
