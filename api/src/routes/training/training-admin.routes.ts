// POST /api/training-admin/login: the training admin's own identity; answers a signed bearer token that
// names a server-side session (12 hours). POST /api/training-admin/logout (the token as bearer) ends it.
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../deps.ts';
import { trainingAdminLoginSchema } from '@tm/shared/schemas/training';
import { parseWith } from '../../errors.ts';
import { trainingAdminLoginLimits } from '../../middleware/rate-limit.ts';
import { endTrainingAdminSession, findTrainingAdminId, loginTrainingAdmin } from '../../services/training/admin-token.service.ts';

/**
 * As the portal's login: resolves the training admin the e-mail names before any limit counts it
 * (res.locals.loginAccount), so every spelling of the e-mail shares one count. Never throws on hostile
 * input (the body is not validated yet).
 */
function resolveTrainingAdmin(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const raw = (req.body as Record<string, unknown> | undefined)?.email;
      const text = typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 254) : '';
      const id = text ? await findTrainingAdminId(deps.db, text) : undefined;
      res.locals.loginAccount = id === undefined ? `training-unknown:${text}` : `training:${id}`;
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function trainingAdminRoutes(deps: AppDeps): Router {
  const r = Router();
  // Failures: 429 per address and per (admin, address); every address together only slows the admin down,
  // so a stranger cannot lock the training admin out. Successes are limited per admin (decision 172).
  r.post('/training-admin/login', resolveTrainingAdmin(deps), ...trainingAdminLoginLimits(), async (req, res) => {
    const { email, password } = parseWith(trainingAdminLoginSchema, req.body);
    res.json(await loginTrainingAdmin(deps.db, deps.config.sessionSecret, email, password, deps.clock.now()));
  });

  r.post('/training-admin/logout', async (req, res) => {
    await endTrainingAdminSession(deps.db, deps.config.sessionSecret, req.headers.authorization, deps.clock.now());
    res.status(204).end();
  });

  return r;
}
