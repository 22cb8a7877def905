// /api/admin/orders: every order (filters, server-side pagination, CSV), one order's detail and timeline,
// refunds through the payment provider, and canceling a pending order. Admin only.
import { Router, type Request } from 'express';
import type { AppDeps } from '../../deps.ts';
import { adminOrdersQuerySchema, refundOrderSchema } from '@tm/shared/schemas/admin-business';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { adminOrdersCsv, getAdminOrder, listAdminOrders } from '../../services/orders/admin-orders.service.ts';
import { refundOrder } from '../../services/orders/admin-refunds.service.ts';
import { cancelPendingOrder } from '../../services/orders/stale-orders.service.ts';
import { idParam } from '../../http/params.ts';
import { readerForStream } from '../../db/read-routing.ts';
import { sendCsv } from '../../http/csv-download.ts';

const orderIdParam = (req: Request) => idParam(req.params.id, 'Order not found');

export function adminOrdersRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/orders', admin, async (req, res) => {
    res.json(await listAdminOrders(deps.db, parseWith(adminOrdersQuerySchema, req.query, 'query')));
  });

  r.get('/admin/orders.csv', admin, async (req, res) => {
    const query = parseWith(adminOrdersQuerySchema, req.query, 'query');
    // Streamed (decision 277): up to 50,000 orders, read 1,000 a statement.
    await sendCsv(res, 'orders.csv', adminOrdersCsv(await readerForStream(deps, req, res), query));
  });

  r.get('/admin/orders/:id', admin, async (req, res) => {
    res.json(await getAdminOrder(deps.db, orderIdParam(req)));
  });

  r.post('/admin/orders/:id/refunds', admin, async (req, res) => {
    const id = orderIdParam(req);
    const input = parseWith(refundOrderSchema, req.body);
    const result = await refundOrder(deps, id, input, currentUser(req).id);
    res.status(result.duplicate ? 200 : 201).json(result);
  });

  // A pending (unpaid) order: its payment is voided at the provider and its held items go back on sale.
  r.post('/admin/orders/:id/cancel', admin, async (req, res) => {
    const id = orderIdParam(req);
    await cancelPendingOrder(deps, id, currentUser(req).id);
    res.json(await getAdminOrder(deps.db, id));
  });

  return r;
}
