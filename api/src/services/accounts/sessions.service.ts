// Server-side sessions: the encrypted cookie carries a session id (`sid`), and every request checks its
// row here (an indexed primary-key read). Logout, a password change and deactivation revoke rows; a
// session unused for longer than the inactivity timeout is over, whatever the cookie says. No
// per-process cache: a revocation made by any process is seen by every process on the next request.
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { fromDbDate, toDbDate } from '../../db/dates.ts';
import { SessionRecord } from '../../models/index.ts';

/** last_seen_at is written at most this often per session (an idle limit of minutes needs no more). */
export const TOUCH_EVERY_MS = 30_000;

export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const id = crypto.randomBytes(24).toString('base64url');
  const stamp = toDbDate(now);
  await SessionRecord.query(db).insert({ id, userId, createdAt: stamp, lastSeenAt: stamp });
  return id;
}

/**
 * Is the session `sid` of `userId` still open at `now`? Not when it is unknown, another user's,
 * revoked, or idle for longer than idleMs. A live session's last_seen_at moves forward (at most every
 * TOUCH_EVERY_MS).
 */
export async function sessionIsLive(db: Db, sid: unknown, userId: number, now: Date, idleMs: number): Promise<boolean> {
  if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64) return false;
  const row = await SessionRecord.query(db).findById(sid).select('userId', 'lastSeenAt', 'revokedAt');
  if (!row || Number(row.userId) !== userId || row.revokedAt) return false;
  const seen = fromDbDate(row.lastSeenAt)?.getTime() ?? 0;
  if (now.getTime() - seen > idleMs) {
    await SessionRecord.query(db)
      .where({ id: sid })
      .whereNull('revokedAt')
      .patch({ revokedAt: toDbDate(now) });
    return false;
  }
  if (now.getTime() - seen >= TOUCH_EVERY_MS)
    await SessionRecord.query(db)
      .where({ id: sid })
      .patch({ lastSeenAt: toDbDate(now) });
  return true;
}

export async function revokeSession(db: Db, sid: unknown, now: Date): Promise<void> {
  if (typeof sid !== 'string' || !sid) return;
  await SessionRecord.query(db)
    .where({ id: sid })
    .whereNull('revokedAt')
    .patch({ revokedAt: toDbDate(now) });
}

/** Ends every open session of a user (password change, deactivation). */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<number> {
  return SessionRecord.query(db)
    .where({ userId })
    .whereNull('revokedAt')
    .patch({ revokedAt: toDbDate(now) });
}
