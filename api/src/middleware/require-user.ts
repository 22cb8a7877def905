// requireAgent: any logged-in user (401 otherwise). requireAdmin: 401 anonymous, 403 without isAdmin.
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findUserById, type UserRow } from '../services/accounts/users.service.ts';
import { fromDbDate } from '../db/dates.ts';
import type { SessionData } from './session.ts';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
  }
}

/**
 * May this user act in this session: not gone, not deactivated, and its password not changed after
 * the session began? The user as read on this request (no per-process copy: decision 080), so a
 * password change, a deactivation or a new price made by any process is seen on the next request.
 */
function userMayAct(user: UserRow | null | undefined, session: SessionData | undefined): UserRow | null {
  const changed = user ? fromDbDate(user.passwordChangedAt) : null;
  if (!user || user.deactivatedAt || (changed && (session?.issuedAt ?? 0) < changed.getTime())) return null;
  return user;
}

/** The session's user, or null when there is none, it is gone or deactivated, or its password changed after the session began. */
export async function sessionUser(deps: Pick<AppDeps, 'db'>, session: SessionData | undefined): Promise<UserRow | null> {
  const id = session?.userId;
  if (id === undefined) return null;
  return userMayAct(await findUserById(deps.db, id), session);
}

async function loadUser(deps: AppDeps, req: Request): Promise<UserRow> {
  if (req.session?.userId === undefined) throw unauthorized(undefined, req.sessionEnded);
  // sessionMiddleware read the user with the session row; read here only where it did not (or the
  // request has logged in as someone else since).
  const read = req.sessionUserRow;
  const user = read && read.id === req.session.userId ? userMayAct(read, req.session) : await sessionUser(deps, req.session);
  if (!user) {
    // Gone, deactivated, or the password changed after this session began: the session ends.
    req.session.destroy();
    throw unauthorized(undefined, read?.deactivatedAt ? 'account_deactivated' : read ? 'password_changed' : undefined);
  }
  req.user = user;
  return user;
}

export function requireAgent(deps: AppDeps): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await loadUser(deps, req);
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function requireAdmin(deps: AppDeps): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const user = await loadUser(deps, req);
      if (!user.isAdmin) throw forbidden('Admin access required');
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The logged-in user of a route behind requireAgent/requireAdmin. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
