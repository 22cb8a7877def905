// GET /api/my-leads: the leads assigned to the session's agent and the ones they bought.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { requireAgent, currentUser } from '../middleware/require-user.ts';
import { parseWith } from '../errors.ts';
import { pageQuerySchema } from '@tm/shared/schemas/leads';
import { listMyLeads, MY_LEADS_PAGE_SIZE } from '../services/leads/leads.service.ts';

export function myLeadsRoutes(deps: AppDeps): Router {
  const r = Router();
  const query = pageQuerySchema(MY_LEADS_PAGE_SIZE);
  r.get('/my-leads', requireAgent(deps), async (req, res) => {
    const { page, pageSize } = parseWith(query, req.query, 'query');
    res.json(await listMyLeads(deps.db, currentUser(req).id, page, pageSize));
  });
  return r;
}
