// /api/admin/lead-pool: imported leads waiting for an agent (paginated, searchable) and assigning them.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { assignLeadsSchema, poolQuerySchema } from '@tm/shared/schemas/admin';
import { parseWith } from '../errors.ts';
import { requireAdmin, currentUser } from '../middleware/require-user.ts';
import { assignLeads, listPool } from '../services/lead-import/pool.service.ts';

export function adminLeadPoolRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/lead-pool', admin, async (req, res) => {
    res.json(await listPool(deps.db, parseWith(poolQuerySchema, req.query, 'query')));
  });

  r.post('/admin/lead-pool/assign', admin, async (req, res) => {
    const input = parseWith(assignLeadsSchema, req.body);
    res.json(await assignLeads(deps.db, currentUser(req).id, input, deps.clock.now(), deps.config));
  });

  return r;
}
