// GET /api/aged-leads and GET /api/leads: leads for sale filtered and paginated by the server (a read:
// it never writes; ?after= reads on by cursor).
// POST /api/bulk-purchase-leads creates the order (no lead is granted without payment);
// POST /api/bulk-purchase-leads/confirm asks the server whether the paid leads are recorded;
// POST /api/bulk-purchase-leads/cancel releases the leads of an abandoned payment.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { parseWith } from '../../errors.ts';
import { clientIp, orderFollowUpLimits, orderLimits } from '../../middleware/rate-limit.ts';
import { bulkPurchaseSchema, confirmPurchaseSchema, leadsQuerySchema } from '@tm/shared/schemas/leads';
import { listLeadsForSale, type LeadKind } from '../../services/leads/leads.service.ts';
import { createOrder } from '../../services/orders/orders.service.ts';
import { cancelUserOrder, confirmUserOrder } from '../../services/orders/user-orders.service.ts';
import { readFrom } from '../../db/read-routing.ts';
import { buyerPriceBook } from '../../services/orders/buyer-prices.service.ts';

/** The marketplace lists, path under /api to the kind of lead. */
export const LEAD_LISTS = { '/aged-leads': 'aged', '/leads': 'fresh' } as const satisfies Record<string, LeadKind>;

export function leadsRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);

  for (const [path, kind] of Object.entries(LEAD_LISTS)) {
    r.get(path, agent, async (req, res) => {
      const query = parseWith(leadsQuerySchema, req.query, 'query');
      // The agent's own prices, read for this agent alone (decision 251): nobody else's list carries them.
      const userId = currentUser(req).id;
      res.json(await readFrom(deps, req, res, async (db) => listLeadsForSale(db, kind, query, deps.clock.now(), buyerPriceBook(db, userId))));
    });
  }

  const ordering = orderLimits(deps);
  const followUps = orderFollowUpLimits(deps);

  r.post('/bulk-purchase-leads', agent, ...ordering, async (req, res) => {
    const { leadIds } = parseWith(bulkPurchaseSchema, req.body);
    res.status(201).json(await createOrder(deps, { kind: 'leads', userId: currentUser(req).id, leadIds }, { clientAddress: clientIp(req) }));
  });

  r.post('/bulk-purchase-leads/confirm', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await confirmUserOrder(deps, currentUser(req).id, 'leads', payment_intent_id));
  });

  r.post('/bulk-purchase-leads/cancel', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await cancelUserOrder(deps, currentUser(req).id, 'leads', payment_intent_id));
  });

  return r;
}
