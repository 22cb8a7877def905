// Bulk assignment by filter and count (issue 36 point 3):
// POST /api/admin/lead-pool/assign-by-filter { agentId, states, ageFrom, ageTo, count, dryRun } → { matched, assigned, batchId }
// POST /api/admin/appointments/assign-by-filter { agentId, states, from, to, timeZone?, count, dryRun } → the same
// GET /api/admin/assignment-batches?page= (newest first), POST /api/admin/assignment-batches/:batchId/undo.
// 404 unknown agent, 409 deactivated or admin-paused agent, 409 a batch undone before.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { listQuerySchema } from '@tm/shared/schemas/admin';
import { assignAppointmentsByFilterSchema, assignLeadsByFilterSchema } from '@tm/shared/schemas/admin-console';
import { parseWith } from '../../errors.ts';
import { idParam } from '../../http/params.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { assignAppointmentsByFilter, assignLeadsByFilter, listAssignmentBatches, undoAssignmentBatch } from '../../services/leads/bulk-assign.service.ts';

export function adminBulkAssignRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.post('/admin/lead-pool/assign-by-filter', admin, async (req, res) => {
    const input = parseWith(assignLeadsByFilterSchema, req.body);
    res.json(await assignLeadsByFilter(deps.db, adminActor(currentUser(req)), input, deps.clock.now(), deps.config));
  });

  r.post('/admin/appointments/assign-by-filter', admin, async (req, res) => {
    const input = parseWith(assignAppointmentsByFilterSchema, req.body);
    res.json(await assignAppointmentsByFilter(deps.db, adminActor(currentUser(req)), input, deps.clock.now(), deps.config));
  });

  r.get('/admin/assignment-batches', admin, async (req, res) => {
    res.json(await listAssignmentBatches(deps.db, parseWith(listQuerySchema, req.query, 'query')));
  });

  r.post('/admin/assignment-batches/:batchId/undo', admin, async (req, res) => {
    const batchId = idParam(req.params.batchId, 'Assignment batch not found');
    res.json({ batch: await undoAssignmentBatch(deps.db, adminActor(currentUser(req)), batchId, deps.clock.now()) });
  });

  return r;
}
