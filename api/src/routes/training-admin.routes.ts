// POST /api/training-admin/login: the training admin's own identity; answers a signed 12-hour bearer token.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { trainingAdminLoginSchema } from '@tm/shared/schemas/training';
import { parseWith } from '../errors.ts';
import { limiter, clientIp, accountKey } from '../middleware/rate-limit.ts';
import { loginTrainingAdmin } from '../services/training/admin-token.service.ts';

const MESSAGE = 'Too many login attempts. Please wait 15 minutes and try again.';

export function trainingAdminRoutes(deps: AppDeps): Router {
  const r = Router();
  const windowMs = 15 * 60 * 1000;
  const perIp = limiter({ windowMs, limit: 30, message: MESSAGE, key: clientIp, skipSuccessfulRequests: true });
  const perAccount = limiter({
    windowMs,
    limit: 10,
    message: MESSAGE,
    skipSuccessfulRequests: true,
    key: accountKey('training', 'email'),
  });

  r.post('/training-admin/login', perIp, perAccount, async (req, res) => {
    const { email, password } = parseWith(trainingAdminLoginSchema, req.body);
    res.json(await loginTrainingAdmin(deps.db, deps.config.sessionSecret, email, password, deps.clock.now()));
  });

  return r;
}
