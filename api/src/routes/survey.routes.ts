// POST /api/survey: the agent-lab registration (docs/product/funnel.md#agent-lab-registration). Creates the account with a
// derived unique username and a generated temporary password (never answered), plus the survey row.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { agentLabSurveySchema, type AgentLabSurveyResponse } from '@tm/shared/schemas/funnel';
import { parseWith } from '../errors.ts';
import { accountFormLimit } from '../middleware/rate-limit.ts';
import { registerAgentLab } from '../services/funnel/agent-lab.service.ts';

export function surveyRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = accountFormLimit();

  r.post('/survey', perIp, async (req, res) => {
    const input = parseWith(agentLabSurveySchema, req.body);
    const result = await registerAgentLab(deps.db, input, deps.clock.now(), deps.config);
    const body: AgentLabSurveyResponse = { ok: true, ...result };
    res.status(201).json(body);
  });

  return r;
}
