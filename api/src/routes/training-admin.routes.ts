// POST /api/training-admin/login: the training admin's own identity; answers a signed 12-hour bearer token.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { trainingAdminLoginSchema } from '@tm/shared/schemas/training';
import { parseWith } from '../errors.ts';
import { trainingAdminLoginLimits } from '../middleware/rate-limit.ts';
import { loginTrainingAdmin } from '../services/training/admin-token.service.ts';

export function trainingAdminRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/training-admin/login', ...trainingAdminLoginLimits(), async (req, res) => {
    const { email, password } = parseWith(trainingAdminLoginSchema, req.body);
    res.json(await loginTrainingAdmin(deps.db, deps.config.sessionSecret, email, password, deps.clock.now()));
  });

  return r;
}
