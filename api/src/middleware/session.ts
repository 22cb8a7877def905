// Encrypted cookie sessions (iron-session): httpOnly, SameSite=Lax, Secure and __Host- in production,
// with an absolute 12-hour lifetime that the server checks, not only the cookie's expiry.
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import type { AppDeps } from '../deps.ts';
import { createSession, liveSessionUser, revokeSession, whySessionEnded, type SessionEndCode } from '../services/accounts/sessions.service.ts';
import type { UserRow } from '../services/accounts/users.service.ts';

export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
  /** When the login happened (ms since epoch); the session ends 12 hours later whatever the activity. */
  issuedAt?: number;
  /** The server-side session (table `sessions`): revoked by logout, a password change or deactivation. */
  sid?: string;
  /** An anonymous RingCloud buyer's survey (no account until its payment succeeds, issue 25 item 4). */
  ringcloudSurveyId?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    session: IronSession<SessionData>;
    /**
     * The session's user, read with the session row by sessionMiddleware (one statement), when the
     * session is open; requireAgent/requireAdmin check that it may act and read it no more.
     */
    sessionUserRow?: UserRow;
    /** Why this request's session stopped working (set when it just did), for the 401's code. */
    sessionEnded?: SessionEndCode;
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

/** Opens the request's seal with iron-session on every request (no per-process copy of opened seals: decision 080). */
export type SessionLoader = (req: Request, res: Response) => Promise<IronSession<SessionData>>;

export function sessionLoader(options: SessionOptions): SessionLoader {
  return (req, res) => getIronSession<SessionData>(req, res, options);
}

/** Has the session outlived its absolute lifetime (or has it no start)? */
export function sessionExpired(session: SessionData, now: Date): boolean {
  return !session.issuedAt || now.getTime() - session.issuedAt > SESSION_LIFETIME_MS;
}

/**
 * The user of a logged-in session that is still open: within its absolute lifetime, and its server-side
 * row neither revoked nor idle past the inactivity timeout (null otherwise). The session row and the user
 * are one statement. Checked on every API request.
 */
export async function openSessionUser(deps: Pick<AppDeps, 'config' | 'clock' | 'db'>, session: SessionData): Promise<UserRow | null> {
  if (session.userId === undefined) return null;
  const now = deps.clock.now();
  if (sessionExpired(session, now)) return null;
  return liveSessionUser(deps.db, session.sid, session.userId, now, deps.config.inactivityTimeoutMs);
}

export function sessionMiddleware(deps: Pick<AppDeps, 'config' | 'clock' | 'db'>, load: SessionLoader = sessionLoader(sessionOptions(deps))): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      req.session = await load(req, res);
      if (req.session.userId !== undefined) {
        const user = await openSessionUser(deps, req.session);
        if (user) req.sessionUserRow = user;
        else {
          const s = req.session;
          req.sessionEnded = await whySessionEnded(deps.db, s, deps.clock.now(), deps.config.inactivityTimeoutMs, sessionExpired(s, deps.clock.now()));
          req.session.destroy();
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Logs the request's browser in as userId: a new server-side session, its id sealed into the cookie. */
export async function startSession(deps: Pick<AppDeps, 'db' | 'clock'>, req: Request, userId: number): Promise<void> {
  const now = deps.clock.now();
  req.session.userId = userId;
  req.session.issuedAt = now.getTime();
  req.session.sid = await createSession(deps.db, userId, now);
  await req.session.save();
}

/** Logs out: the server-side session is revoked (a copy of the cookie no longer works) and the cookie cleared. */
export async function endSession(deps: Pick<AppDeps, 'db' | 'clock'>, req: Request): Promise<void> {
  await revokeSession(deps.db, req.session?.sid, deps.clock.now());
  req.session?.destroy();
}
