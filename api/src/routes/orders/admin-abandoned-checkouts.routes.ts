// Abandoned checkouts (issue 36 point 7, decision 231):
// GET  /api/admin/abandoned-checkouts?q=&page=          unpaid (pending or expired) orders, newest first
// POST /api/admin/abandoned-checkouts/:orderId/resend    one e-mail with the checkout link; 409 within 24 h of the last one to that buyer
import { Router } from 'express';
import { listQuerySchema } from '@tm/shared/schemas/admin';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { listAbandonedCheckouts, resendCheckoutLink } from '../../services/orders/abandoned-checkouts.service.ts';

export function adminAbandonedCheckoutsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/abandoned-checkouts', admin, async (req, res) => {
    res.json(await listAbandonedCheckouts(deps, parseWith(listQuerySchema, req.query, 'query')));
  });

  r.post('/admin/abandoned-checkouts/:orderId/resend', admin, async (req, res) => {
    const orderId = idParam(req.params.orderId, 'Order not found');
    res.status(201).json(await resendCheckoutLink(deps, orderId, deps.clock.now(), adminActor(currentUser(req))));
  });

  return r;
}
