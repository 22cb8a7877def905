// /api/admin/lead-pool: imported leads waiting for an agent (paginated, searchable) and assigning them.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { assignLeadsSchema, deleteLeadsSchema, poolQuerySchema, unassignLeadsSchema } from '@tm/shared/schemas/admin';
import { parseWith } from '../errors.ts';
import { requireAdmin, currentUser } from '../middleware/require-user.ts';
import { assignLeads, deletePoolLeads, listPool, unassignLeads } from '../services/lead-import/pool.service.ts';
import { adminActor } from '../services/audit/audit.service.ts';

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

  // Reassigning is unassign, then assign to the new agent.
  r.post('/admin/lead-pool/unassign', admin, async (req, res) => {
    const { leadIds } = parseWith(unassignLeadsSchema, req.body);
    res.json(await unassignLeads(deps.db, adminActor(currentUser(req)), leadIds, deps.clock.now()));
  });

  r.post('/admin/lead-pool/delete', admin, async (req, res) => {
    const { leadIds } = parseWith(deleteLeadsSchema, req.body);
    res.json(await deletePoolLeads(deps.db, adminActor(currentUser(req)), leadIds, deps.clock.now()));
  });

  return r;
}
