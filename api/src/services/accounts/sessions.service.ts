// Server-side sessions: the encrypted cookie carries a session id (`sid`), and every request checks its
// row here (an indexed primary-key read, joined to its user's in the same statement). Logout, a password
// change and deactivation revoke rows; a session unused for longer than the inactivity timeout is over,
// whatever the cookie says. No per-process cache: a revocation made by any process is seen by every
// process on the next request.
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { fromDbDate, toDbDate } from '../../db/dates.ts';
import { SessionRecord, TrainingAdminSession, User } from '../../models/index.ts';
import { toUserRow, type UserRow } from './users.service.ts';

/** last_seen_at is written at most this often per session (an idle limit of minutes needs no more). */
export const TOUCH_EVERY_MS = 30_000;

export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const id = crypto.randomBytes(24).toString('base64url');
  const stamp = toDbDate(now);
  await SessionRecord.query(db).insert({ id, userId, createdAt: stamp, lastSeenAt: stamp });
  return id;
}

/**
 * The user of the session `sid` of `userId` if the session is still open at `now`: null when it is
 * unknown, another user's, revoked, or idle for longer than idleMs. One statement reads the session row
 * and its user (two primary-key reads joined), so the request's user needs no read of its own. A live
 * session's last_seen_at moves forward (at most every TOUCH_EVERY_MS). The user is as stored: whether
 * it may act (deactivated, password changed since the login) is the caller's check.
 */
export async function liveSessionUser(db: Db, sid: unknown, userId: number, now: Date, idleMs: number): Promise<UserRow | null> {
  if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64) return null;
  const row = await User.query(db)
    .castTo<SessionUserRow>()
    .join(SessionRecord.tableName, SessionRecord.ref('userId'), User.ref('id'))
    .where(SessionRecord.ref('id'), sid)
    .where(User.ref('id'), userId)
    .select(User.ref('*'), SessionRecord.ref('lastSeenAt').as('sessionLastSeenAt'), SessionRecord.ref('revokedAt').as('sessionRevokedAt'))
    .first();
  if (!row || row.sessionRevokedAt) return null;
  const seen = fromDbDate(row.sessionLastSeenAt)?.getTime() ?? 0;
  if (now.getTime() - seen > idleMs) {
    await SessionRecord.query(db)
      .where({ id: sid })
      .whereNull('revokedAt')
      .patch({ revokedAt: toDbDate(now) });
    return null;
  }
  if (now.getTime() - seen >= TOUCH_EVERY_MS)
    await SessionRecord.query(db)
      .where({ id: sid })
      .patch({ lastSeenAt: toDbDate(now) });
  const user: Omit<SessionUserRow, 'sessionLastSeenAt' | 'sessionRevokedAt'> & Partial<SessionUserRow> = row;
  delete user.sessionLastSeenAt;
  delete user.sessionRevokedAt;
  return toUserRow(user);
}

/** A user row read with its session's two columns beside it. */
type SessionUserRow = User & { sessionLastSeenAt: string | null; sessionRevokedAt: string | null };

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

/** Why a logged-in browser's session no longer works (the 401's code; /login says it in words). */
export type SessionEndCode = 'account_deactivated' | 'password_changed' | 'session_inactive' | 'session_expired' | 'session_revoked';

/**
 * The reason a session that was open is not any more: the account was deactivated, its password
 * changed after the session began, it idled past the timeout, it outlived its lifetime, or it was
 * ended (logged out elsewhere, revoked). Read only when a session fails, so it costs nothing otherwise.
 */
export async function whySessionEnded(
  db: Db,
  session: { userId?: number; sid?: unknown; issuedAt?: number },
  now: Date,
  idleMs: number,
  lifetimeExpired: boolean,
): Promise<SessionEndCode> {
  const user = session.userId === undefined ? undefined : await User.query(db).findById(session.userId).select('deactivatedAt', 'passwordChangedAt');
  if (user?.deactivatedAt) return 'account_deactivated';
  const changed = fromDbDate(user?.passwordChangedAt ?? null);
  if (changed && (session.issuedAt ?? 0) < changed.getTime()) return 'password_changed';
  if (lifetimeExpired) return 'session_expired';
  if (typeof session.sid === 'string' && session.sid) {
    const row = await SessionRecord.query(db).findById(session.sid).select('revokedAt', 'lastSeenAt');
    const seen = fromDbDate(row?.lastSeenAt ?? null)?.getTime() ?? 0;
    const revoked = fromDbDate(row?.revokedAt ?? null)?.getTime();
    if (row && (revoked === undefined ? now.getTime() : revoked) - seen > idleMs) return 'session_inactive';
  }
  return 'session_revoked';
}

/**
 * The session purge (issue 27 L3, decision 172): deletes the portal sessions that can never open again,
 * revoked ones and those past their absolute lifetime (`lifetimeMs` after the login), and the training-admin
 * sessions revoked or past their end. A portal session only idle is kept until its lifetime ends, so the
 * browser that comes back is still told it was logged out for inactivity. Answers the rows deleted.
 */
export async function purgeEndedSessions(db: Db, now: Date, lifetimeMs: number): Promise<{ sessions: number; trainingAdminSessions: number }> {
  const born = toDbDate(new Date(now.getTime() - lifetimeMs));
  const sessions = await SessionRecord.query(db).whereNotNull('revokedAt').orWhere('createdAt', '<', born).delete();
  const trainingAdminSessions = await TrainingAdminSession.query(db).whereNotNull('revokedAt').orWhere('expiresAt', '<=', toDbDate(now)).delete();
  return { sessions, trainingAdminSessions };
}
