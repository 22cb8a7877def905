// GET /api/user-survey: the session user's survey answers that prefill the transfer order form.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { getUserSurvey } from '../../services/funnel/user-survey.service.ts';
import { answerSettingsOffer, readSettingsOffer } from '../../services/funnel/onboarding-survey.service.ts';
import { parseWith } from '../../errors.ts';
import { z } from 'zod';

const offerAnswer = z.object({
  id: z.coerce.number({ error: 'Settings offer not found' }).int().positive('Settings offer not found'),
  apply: z.boolean({ error: 'apply must be true or false' }),
});

export function userSurveyRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/user-survey', requireAgent(deps), async (req, res) => {
    res.json(await getUserSurvey(deps.db, currentUser(req)));
  });
  // Onboarding answers kept for the agent (issue 34 item 3): "Apply these settings?" at login.
  r.get('/settings-offer', requireAgent(deps), async (req, res) => {
    res.json(await readSettingsOffer(deps, currentUser(req).id));
  });
  r.post('/settings-offer', requireAgent(deps), async (req, res) => {
    const { id, apply } = parseWith(offerAnswer, req.body);
    await answerSettingsOffer(deps, currentUser(req).id, id, apply);
    res.json({ ok: true });
  });
  return r;
}
