// Encrypted cookie sessions (iron-session): httpOnly, SameSite=Lax, Secure and __Host- in production,
// with an absolute 12-hour lifetime that the server checks, not only the cookie's expiry.
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import type { AppDeps } from '../deps.ts';

export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
  /** When the login happened (ms since epoch); the session ends 12 hours later whatever the activity. */
  issuedAt?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    session: IronSession<SessionData>;
  }
}

export function sessionOptions(deps: Pick<AppDeps, 'config'>): SessionOptions {
  const prod = deps.config.isProduction;
  return {
    password: deps.config.sessionSecret,
    cookieName: prod ? '__Host-tm_session' : 'tm_session',
    ttl: SESSION_LIFETIME_MS / 1000,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: prod, path: '/' },
  };
}

export function sessionMiddleware(deps: Pick<AppDeps, 'config' | 'clock'>): RequestHandler {
  const options = sessionOptions(deps);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      req.session = await getIronSession<SessionData>(req, res, options);
      const { issuedAt } = req.session;
      if (req.session.userId !== undefined && (!issuedAt || deps.clock.now().getTime() - issuedAt > SESSION_LIFETIME_MS)) {
        req.session.destroy();
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
