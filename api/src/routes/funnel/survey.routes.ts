// POST /api/survey: the agent-lab registration (docs/product/funnel.md#agent-lab-registration). Creates the account with a
// derived unique username and a generated temporary password (never answered), plus the survey row. The
// answer is { ok, surveyId } for a new e-mail and for one that has an account alike (issue 27 M5). Also the
// first-party onboarding survey and the signed survey link of a paid order's return page.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import {
  agentLabSurveySchema,
  onboardingSurveySchema,
  surveyLinkRequestSchema,
  type AgentLabSurveyResponse,
  type OnboardingSurveyResponse,
} from '@tm/shared/schemas/funnel';
import { saveOnboardingSurvey } from '../../services/funnel/onboarding-survey.service.ts';
import { parseWith } from '../../errors.ts';
import { accountFormLimit, byIntentLimits, signupGlobalLimit } from '../../middleware/rate-limit.ts';
import { issueSurveyLink } from '../../services/funnel/survey-links.ts';
import { registerAgentLab } from '../../services/funnel/agent-lab.service.ts';
import { notifyExistingAccountSignup } from '../../services/accounts/signup-notices.ts';

export function surveyRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = accountFormLimit();

  r.post('/survey', perIp, ...signupGlobalLimit(deps), async (req, res) => {
    const input = parseWith(agentLabSurveySchema, req.body);
    const result = await registerAgentLab(deps.db, input, deps.clock.now(), deps.config);
    // The same answer whether the e-mail had an account or not (issue 27 M5): the owner is told by e-mail.
    if (result.userId === null) await notifyExistingAccountSignup(deps, input.email);
    const body: AgentLabSurveyResponse = { ok: true, surveyId: result.surveyId };
    res.status(201).json(body);
  });

  // The first-party onboarding survey (/survey without an external embed, issue 25 item 3).
  r.post('/onboarding-survey', async (req, res) => {
    const input = parseWith(onboardingSurveySchema, req.body);
    const outcome = await saveOnboardingSurvey(deps, input, req.session?.userId ?? null);
    const body: OnboardingSurveyResponse = { ok: true, settings: outcome };
    res.status(201).json(body);
  });

  // The paid order's return page asks for its signed /survey link (decision 245): the payer only, once paid.
  r.post('/survey-link', ...byIntentLimits(), async (req, res) => {
    const input = parseWith(surveyLinkRequestSchema, req.body);
    res.json(await issueSurveyLink(deps, input));
  });

  return r;
}
