// POST /api/ringcloud-survey: the RingCloud sub-offer's two-step survey. Creates the account,
// stores the survey and logs the new agent in, so the checkout's payment intent is bound to them.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ringcloudSurveySchema, type RingcloudSurveyResponse } from '@tm/shared/schemas/funnel';
import { parseWith } from '../errors.ts';
import { limiter, clientIp } from '../middleware/rate-limit.ts';
import { submitRingcloudSurvey } from '../services/funnel/ringcloud-survey.service.ts';
import { ACCOUNT_FORM_LIMIT, ACCOUNT_FORM_RATE_MESSAGE, FORM_WINDOW_MS } from '../services/funnel/limits.ts';

export function ringcloudSurveyRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = limiter({ windowMs: FORM_WINDOW_MS, limit: ACCOUNT_FORM_LIMIT, message: ACCOUNT_FORM_RATE_MESSAGE, key: clientIp });

  r.post('/ringcloud-survey', perIp, async (req, res) => {
    const input = parseWith(ringcloudSurveySchema, req.body);
    const now = deps.clock.now();
    const { surveyId, userId } = await submitRingcloudSurvey(deps.db, input, now, deps.config);
    req.session.userId = userId;
    req.session.issuedAt = now.getTime();
    await req.session.save();
    const body: RingcloudSurveyResponse = { ok: true, surveyId, userId };
    res.status(201).json(body);
  });

  return r;
}
