// GET /api/user-survey: the session user's survey answers that prefill the transfer order form.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { requireAgent, currentUser } from '../middleware/require-user.ts';
import { getUserSurvey } from '../services/dashboard/user-survey.service.ts';

export function userSurveyRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/user-survey', requireAgent(deps), async (req, res) => {
    res.json(await getUserSurvey(deps.db, currentUser(req)));
  });
  return r;
}
