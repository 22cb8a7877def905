// POST /api/call-transfer-order: live transfers ordered from the dashboard, priced by the server
// at the user's own rate; any leadType or price in the body is ignored.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { parseWith } from '../../errors.ts';
import { transferOrderSchema } from '@tm/shared/schemas/dashboard';
import { clientIp, orderLimits } from '../../middleware/rate-limit.ts';
import { createTransferOrder } from '../../services/orders/transfer-order.service.ts';

export function callTransferOrderRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/call-transfer-order', requireAgent(deps), ...orderLimits(deps), async (req, res) => {
    const input = parseWith(transferOrderSchema, req.body);
    res.status(201).json(await createTransferOrder(deps, currentUser(req), input, clientIp(req)));
  });
  return r;
}
