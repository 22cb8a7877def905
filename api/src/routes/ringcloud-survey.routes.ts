// POST /api/ringcloud-survey: the RingCloud sub-offer's two-step survey. Creates the account,
// stores the survey and logs the new agent in, so the checkout's payment intent is bound to them.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ringcloudSurveySchema, type RingcloudSurveyResponse } from '@tm/shared/schemas/funnel';
import { parseWith } from '../errors.ts';
import { accountFormLimit } from '../middleware/rate-limit.ts';
import { startSession } from '../middleware/session.ts';
import { notifyExistingAccountSignup } from '../services/accounts/signup-notices.ts';
import { submitRingcloudSurvey } from '../services/funnel/ringcloud-survey.service.ts';

export function ringcloudSurveyRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = accountFormLimit();

  r.post('/ringcloud-survey', perIp, async (req, res) => {
    const input = parseWith(ringcloudSurveySchema, req.body);
    const now = deps.clock.now();
    const { surveyId, userId } = await submitRingcloudSurvey(deps.db, input, now, deps.config);
    if (userId !== null) {
      await startSession(deps, req, userId);
    } else {
      // The e-mail already has an account: the same answer (and a session cookie, logged in as nobody)
      // as for a new account; the owner is told by e-mail.
      await notifyExistingAccountSignup(deps, input.email);
      req.session.issuedAt = now.getTime();
      await req.session.save();
    }
    const body: RingcloudSurveyResponse = { ok: true, surveyId };
    res.status(201).json(body);
  });

  return r;
}
