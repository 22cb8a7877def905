// GET /api/dashboard/home: the portal home's figures for the session's agent (home.service.ts).
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { dashboardHome } from '../../services/accounts/home.service.ts';

export function dashboardHomeRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/dashboard/home', requireAgent(deps), async (req, res) => {
    res.json(await dashboardHome(deps, currentUser(req).id));
  });
  return r;
}
