// POST /api/ringcloud-survey: the RingCloud sub-offer's two-step survey. Stores the survey and remembers it
// in the browser's session (the checkout pays for that survey); no account is made and nothing is mailed
// before a payment (issue 25 item 4). The answer, Set-Cookie included, is the same for an e-mail that has
// an account and one that has none (issue 27 M5).
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { agedStockQuerySchema, ringcloudSurveySchema, type AgedStockResponse, type RingcloudSurveyResponse } from '@tm/shared/schemas/funnel';
import { agedStockView } from '../../services/leads/aged-stock.service.ts';
import { parseWith } from '../../errors.ts';
import { accountFormLimit } from '../../middleware/rate-limit.ts';
import { submitRingcloudSurvey } from '../../services/funnel/ringcloud-survey.service.ts';
import { sessionExpired } from '../../middleware/session.ts';
import { cancelIntents } from '../../services/orders/reservations.service.ts';
import { buyerPendingRingcloudOrders } from '../../services/orders/orders.service.ts';

export function ringcloudSurveyRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = accountFormLimit();

  r.post('/ringcloud-survey', perIp, async (req, res) => {
    const input = parseWith(ringcloudSurveySchema, req.body);
    const now = deps.clock.now();
    const sessionUserId = req.session?.userId ?? null;
    const sessionSurveyId = !sessionUserId && !sessionExpired(req.session, now) ? (req.session.ringcloudSurveyId ?? null) : null;
    const { surveyId, canceledIntents } = await submitRingcloudSurvey(deps.db, deps.config, input, now, sessionUserId, sessionSurveyId);
    cancelIntents(deps, canceledIntents);
    if (!sessionUserId) {
      // The anonymous buyer's survey, named by the sealed session (the checkout pays for this one only).
      req.session.ringcloudSurveyId = surveyId;
      req.session.issuedAt = now.getTime();
      await req.session.save();
    }
    const body: RingcloudSurveyResponse = { ok: true, surveyId };
    res.status(201).json(body);
  });

  // The checkout's stock check: how many aged leads of these states and age range can be bought now.
  r.get('/ringcloud/aged-leads/stock', async (req, res) => {
    const q = parseWith(agedStockQuerySchema, req.query);
    // The buyer's own unpaid hold counts as theirs: a reload shows the same count (decision 216).
    const surveyId = req.session && !sessionExpired(req.session, deps.clock.now()) ? (req.session.ringcloudSurveyId ?? null) : null;
    const own = surveyId ? await buyerPendingRingcloudOrders(deps.db, surveyId) : [];
    const body: AgedStockResponse = await agedStockView(deps.db, q.states, q.ageRange, own);
    res.json(body);
  });

  return r;
}
