// GET /api/aged-leads and GET /api/leads: leads for sale filtered and paginated by the server (a read:
// it never writes; ?after= reads on by cursor).
// POST /api/bulk-purchase-leads creates the order (no lead is granted without payment);
// POST /api/bulk-purchase-leads/confirm asks the server whether the paid leads are recorded;
// POST /api/bulk-purchase-leads/cancel releases the leads of an abandoned payment.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { requireAgent, currentUser } from '../middleware/require-user.ts';
import { parseWith } from '../errors.ts';
import { clientIp, orderFollowUpLimits, orderLimits } from '../middleware/rate-limit.ts';
import { bulkPurchaseSchema, confirmPurchaseSchema, leadsQuerySchema } from '@tm/shared/schemas/leads';
import type { LeadKind } from '../services/leads/leads.service.ts';
import { browseLeads, cancelLeadPurchase, confirmLeadPurchase, startLeadPurchase } from '../services/leads/lead-purchase.service.ts';

/** The marketplace lists, path under /api to the kind of lead (the fast path serves the same ones). */
export const LEAD_LISTS = { '/aged-leads': 'aged', '/leads': 'fresh' } as const satisfies Record<string, LeadKind>;

export function leadsRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);

  for (const [path, kind] of Object.entries(LEAD_LISTS)) {
    r.get(path, agent, async (req, res) => {
      res.json(await browseLeads(deps, kind, parseWith(leadsQuerySchema, req.query, 'query')));
    });
  }

  const ordering = orderLimits(deps);
  const followUps = orderFollowUpLimits(deps);

  r.post('/bulk-purchase-leads', agent, ...ordering, async (req, res) => {
    const { leadIds } = parseWith(bulkPurchaseSchema, req.body);
    res.status(201).json(await startLeadPurchase(deps, currentUser(req).id, leadIds, clientIp(req)));
  });

  r.post('/bulk-purchase-leads/confirm', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await confirmLeadPurchase(deps, currentUser(req).id, payment_intent_id));
  });

  r.post('/bulk-purchase-leads/cancel', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await cancelLeadPurchase(deps, currentUser(req).id, payment_intent_id));
  });

  return r;
}
