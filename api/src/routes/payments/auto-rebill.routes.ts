// Auto-rebill (issue 29 item 3, decision 197), the agent's own: GET|PUT /api/auto-rebill (the saved card,
// the top-up rule, a top-up that needs the agent's action), POST /api/auto-rebill/setup-intent (save a
// card: the portal's payment form confirms it), POST|DELETE /api/auto-rebill/card (keep the card the
// confirmed SetupIntent saved / remove it), GET /api/auto-rebill/orders/:id/payment (pay a top-up on-session).
import { Router } from 'express';
import { autoRebillSettingsSchema, saveCardSchema } from '@tm/shared/schemas/auto-rebill';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { idParam } from '../../http/params.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { orderLimits } from '../../middleware/rate-limit.ts';
import { autoRebillPayment, autoRebillView, removeCard, saveCard, startCardSetup, updateAutoRebill } from '../../services/payments/auto-rebill.service.ts';

export function autoRebillRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  const limit = orderLimits(deps);

  r.get('/auto-rebill', agent, async (req, res) => {
    res.json(await autoRebillView(deps, currentUser(req).id));
  });

  r.put('/auto-rebill', agent, async (req, res) => {
    const input = parseWith(autoRebillSettingsSchema, req.body);
    res.json(await updateAutoRebill(deps, currentUser(req).id, input));
  });

  r.post('/auto-rebill/setup-intent', agent, ...limit, async (req, res) => {
    res.json(await startCardSetup(deps, currentUser(req).id));
  });

  r.post('/auto-rebill/card', agent, async (req, res) => {
    const { setupIntentId } = parseWith(saveCardSchema, req.body);
    res.json(await saveCard(deps, currentUser(req).id, setupIntentId));
  });

  r.delete('/auto-rebill/card', agent, async (req, res) => {
    res.json(await removeCard(deps, currentUser(req).id));
  });

  r.get('/auto-rebill/orders/:id/payment', agent, async (req, res) => {
    const id = idParam(req.params.id, 'Order not found');
    res.json(await autoRebillPayment(deps, currentUser(req).id, id));
  });
  return r;
}
