// GET /api/my-leads: the leads assigned to the session's agent and the ones they bought, searchable (?q=);
// GET /api/my-leads/export.csv: the same list (and search) as CSV for the agent's CRM.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { parseWith } from '../../errors.ts';
import { myLeadsExportQuerySchema, myLeadsQuerySchema } from '@tm/shared/schemas/leads';
import { listMyLeads, myLeadsCsv, MY_LEADS_PAGE_SIZE } from '../../services/leads/my-leads.service.ts';
import { readerForStream } from '../../db/read-routing.ts';
import { sendCsv } from '../../http/csv-download.ts';

export function myLeadsRoutes(deps: AppDeps): Router {
  const r = Router();
  const query = myLeadsQuerySchema(MY_LEADS_PAGE_SIZE);
  r.get('/my-leads', requireAgent(deps), async (req, res) => {
    const { q, ...place } = parseWith(query, req.query, 'query');
    res.json(await listMyLeads(deps.db, currentUser(req).id, place, q));
  });
  r.get('/my-leads/export.csv', requireAgent(deps), async (req, res) => {
    const { q } = parseWith(myLeadsExportQuerySchema, req.query, 'query');
    await sendCsv(res, 'my-leads.csv', myLeadsCsv(await readerForStream(deps, req, res), currentUser(req).id, q));
  });
  return r;
}
