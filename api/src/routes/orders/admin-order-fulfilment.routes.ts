// Admin side of fulfilment (issue 13 item 2): POST /api/admin/orders/:id/fulfil completes an owed
// aged-lead order from the stock available now; POST /api/admin/orders/:id/deliveries { count } records
// call-backs delivered outside the caller system. Both answer the order's fulfilment
// { orderId, fulfilmentStatus, quantityDelivered, quantityOwed } and write its timeline.
import { Router } from 'express';
import { orderDeliveriesSchema } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import { completeFulfilment, recordCallbackDeliveries } from '../../services/orders/fulfilment.service.ts';

export function adminOrderFulfilmentRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.post('/admin/orders/:id/fulfil', admin, async (req, res) => {
    const id = idParam(req.params.id, 'Order not found');
    res.json(await completeFulfilment(deps, id, currentUser(req).id));
  });

  r.post('/admin/orders/:id/deliveries', admin, async (req, res) => {
    const id = idParam(req.params.id, 'Order not found');
    const { count } = parseWith(orderDeliveriesSchema, req.body);
    const { duplicate: _duplicate, ...view } = await recordCallbackDeliveries(deps, id, count, { type: 'admin', adminUserId: currentUser(req).id });
    res.json(view);
  });
  return r;
}
