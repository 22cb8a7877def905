// Buyers' balances for the admin (issue 36 point 6, decision 230):
// GET /api/admin/low-balance                            active buyers at or below their own threshold
// PUT /api/admin/users/:userId/low-balance-threshold    { threshold } (0: never low), audited
// GET /api/admin/users/:userId/open-balance             unused transfers per order and what refunding them returns
//   (the deactivation dialog shows it; POST .../deactivate { refundUnused: true } refunds it).
import { Router } from 'express';
import { lowBalanceThresholdSchema } from '@tm/shared/schemas/buyer-balance';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { listLowBalanceBuyers, openBalance, setLowBalanceThreshold } from '../../services/transfers/low-balance.service.ts';

export function adminBuyerBalanceRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/low-balance', admin, async (_req, res) => {
    res.json({ items: await listLowBalanceBuyers(deps.db) });
  });

  r.put('/admin/users/:userId/low-balance-threshold', admin, async (req, res) => {
    const userId = idParam(req.params.userId, 'User not found');
    const { threshold } = parseWith(lowBalanceThresholdSchema, req.body);
    res.json(await setLowBalanceThreshold(deps.db, userId, threshold, deps.clock.now(), adminActor(currentUser(req))));
  });

  r.get('/admin/users/:userId/open-balance', admin, async (req, res) => {
    res.json(await openBalance(deps.db, idParam(req.params.userId, 'User not found')));
  });

  return r;
}
