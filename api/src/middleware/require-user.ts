// requireAgent: any logged-in user (401 otherwise). requireAdmin: 401 anonymous, 403 without isAdmin.
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findUserById, type UserRow } from '../services/accounts/users.service.ts';
import { fromDbDate } from '../db/dates.ts';
import { cachedRead } from '../db/write-watch.ts';

/**
 * The session's user is read once per USER_CACHE_TTL_MS per process, not on every request: any write
 * to users in this process (a password change, a new price) is seen at once, one made by another
 * process after at most this long.
 */
export const USER_CACHE_TTL_MS = 2000;

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
  }
}

async function loadUser(deps: AppDeps, req: Request): Promise<UserRow> {
  const id = req.session?.userId;
  if (id === undefined) throw unauthorized();
  const user = await cachedRead(deps.db, 'users', String(id), () => findUserById(deps.db, id), USER_CACHE_TTL_MS);
  const changed = user ? fromDbDate(user.passwordChangedAt) : null;
  // Gone, or the password changed after this session began: the session ends.
  if (!user || (changed && (req.session.issuedAt ?? 0) < changed.getTime())) {
    req.session.destroy();
    throw unauthorized();
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
