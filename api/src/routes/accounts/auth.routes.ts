// POST /api/login, GET /api/logout, GET /api/current-user.
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../deps.ts';
import { loginSchema } from '@tm/shared/schemas/auth';
import { parseWith } from '../../errors.ts';
import { authenticate } from '../../services/accounts/login.service.ts';
import { findUserByIdentifier, toCurrentUser } from '../../services/accounts/users.service.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { loginLimits, LOGIN_WINDOW_MS, LOGIN_RATE_MESSAGE } from '../../middleware/rate-limit.ts';
import { endSession, sessionOptions, startSession } from '../../middleware/session.ts';
import { parse as parseCookies } from 'cookie';

export { LOGIN_WINDOW_MS, LOGIN_RATE_MESSAGE };

/** The identifier of a login body (the form sends `identifier`; `email` or `username` are accepted too). */
function identifierOf(body: unknown): unknown {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return b.identifier ?? b.email ?? b.username;
}

/**
 * Resolves the account a login names before any limit counts it (res.locals.loginAccount): the user's
 * id when the identifier finds one, so every spelling that reaches the account shares one count;
 * else the normalised identifier. Never throws on hostile input (the body is not validated yet).
 */
function resolveLoginAccount(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const raw = identifierOf(req.body);
      const text = typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 254) : '';
      const user = text ? await findUserByIdentifier(deps.db, text) : undefined;
      res.locals.loginAccount = user ? `user:${user.id}` : `unknown:${text}`;
      next();
    } catch (err) {
      next(err);
    }
  };
}

const cookiesOf = (req: Request): Record<string, string | undefined> => parseCookies(req.headers.cookie ?? '');

export function authRoutes(deps: AppDeps): Router {
  const r = Router();
  // Failed attempts only: 429 per address and per (account, address); every address together only
  // slows an account down, so a stranger cannot lock the agent out (decision 040).
  r.post('/login', resolveLoginAccount(deps), ...loginLimits(), async (req, res) => {
    const input = parseWith(loginSchema, { identifier: identifierOf(req.body), password: (req.body as Record<string, unknown> | undefined)?.password });
    const user = await authenticate(deps.db, input.identifier, input.password);
    await startSession(deps, req, user.id);
    res.json({ user: toCurrentUser(user) });
  });

  // Back to /login, which says why: a plain logout, or the inactivity timeout (?reason=inactivity).
  r.get('/logout', async (req, res) => {
    await endSession(deps, req);
    res.redirect(302, req.query.reason === 'inactivity' ? '/login?loggedOut=inactivity' : '/login?loggedOut=1');
  });

  // A visitor (no session cookie at all) is no error: 200 { user: null }, so a public page that asks
  // logs nothing in the browser's console (issue 35 A12). A session that was there and ended still
  // answers 401 with its code (the portal's /login says why).
  const sessionCookie = sessionOptions(deps).cookieName;
  const visitor = (req: Request) =>
    req.session?.userId === undefined && req.sessionEnded === undefined && !Object.prototype.hasOwnProperty.call(cookiesOf(req), sessionCookie);
  r.get('/current-user', (req, res, next) => {
    if (!visitor(req)) return next();
    res.json({ user: null });
  });
  r.get('/current-user', requireAgent(deps), (req, res) => {
    res.json({ ...toCurrentUser(currentUser(req)), inactivityTimeoutMs: deps.config.inactivityTimeoutMs });
  });

  return r;
}
