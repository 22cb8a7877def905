// POST /api/login, GET /api/logout, GET /api/current-user.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { loginSchema } from '@tm/shared/schemas/auth';
import { parseWith } from '../errors.ts';
import { authenticate } from '../services/accounts/login.service.ts';
import { toCurrentUser } from '../services/accounts/users.service.ts';
import { requireAgent, currentUser } from '../middleware/require-user.ts';
import { limiter, clientIp, accountKey } from '../middleware/rate-limit.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_RATE_MESSAGE = 'Too many login attempts. Please wait 15 minutes and try again.';

export function authRoutes(deps: AppDeps): Router {
  const r = Router();
  // Failed attempts only: per address (a stranger guessing many accounts) and per account
  // (many addresses guessing one); the window is short so a real agent is not locked out for long.
  const perIp = limiter({ windowMs: LOGIN_WINDOW_MS, limit: 30, message: LOGIN_RATE_MESSAGE, key: clientIp, skipSuccessfulRequests: true });
  const perAccount = limiter({
    windowMs: LOGIN_WINDOW_MS,
    limit: 10,
    message: LOGIN_RATE_MESSAGE,
    skipSuccessfulRequests: true,
    key: accountKey('acct', 'identifier', 'email'),
  });

  r.post('/login', perIp, perAccount, async (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    // The login form sends `identifier`; `email` or `username` are accepted too.
    const input = parseWith(loginSchema, { identifier: body?.identifier ?? body?.email ?? body?.username, password: body?.password });
    const user = await authenticate(deps.db, input.identifier, input.password);
    req.session.userId = user.id;
    req.session.issuedAt = deps.clock.now().getTime();
    await req.session.save();
    res.json({ user: toCurrentUser(user) });
  });

  // Back to /login, which says why: a plain logout, or the inactivity timeout (?reason=inactivity).
  r.get('/logout', (req, res) => {
    req.session.destroy();
    res.redirect(302, req.query.reason === 'inactivity' ? '/login?loggedOut=inactivity' : '/login?loggedOut=1');
  });

  r.get('/current-user', requireAgent(deps), (req, res) => {
    res.json({ ...toCurrentUser(currentUser(req)), inactivityTimeoutMs: deps.config.inactivityTimeoutMs });
  });

  return r;
}
