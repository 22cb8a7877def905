// Admin side of the transfer ledger: the dispute queue and its decisions, calls entered by hand, and the
// audit log. GET /api/admin/transfer-disputes?status=, POST /api/admin/transfer-disputes/:id/approve
// { note? }, POST /api/admin/transfer-disputes/:id/deny { reason }, POST /api/admin/transfer-calls,
// GET /api/admin/transfer-audit.
import { Router } from 'express';
import { approveDisputeSchema, auditQuerySchema, denyDisputeSchema, disputeQueueQuerySchema, manualCallSchema } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { recordDeliveredCall } from '../../services/transfers/calls.service.ts';
import { idParam } from '../../http/params.ts';
import { DISPUTE_NOT_FOUND, decideDispute, disputeQueue } from '../../services/transfers/disputes.service.ts';
import { listAudit } from '../../services/transfers/audit.ts';

export function adminTransfersRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/transfer-disputes', admin, async (req, res) => {
    const q = parseWith(disputeQueueQuerySchema, req.query, 'query');
    res.json(await disputeQueue(deps.db, q));
  });

  r.post('/admin/transfer-disputes/:id/approve', admin, async (req, res) => {
    const id = idParam(req.params.id, DISPUTE_NOT_FOUND);
    const { note } = parseWith(approveDisputeSchema, req.body);
    res.json(await decideDispute(deps, currentUser(req).id, id, { approve: true, note }));
  });

  r.post('/admin/transfer-disputes/:id/deny', admin, async (req, res) => {
    const id = idParam(req.params.id, DISPUTE_NOT_FOUND);
    const { reason } = parseWith(denyDisputeSchema, req.body);
    res.json(await decideDispute(deps, currentUser(req).id, id, { approve: false, reason }));
  });

  r.post('/admin/transfer-calls', admin, async (req, res) => {
    const input = parseWith(manualCallSchema, req.body);
    // A refusal (TransferRefused) reaches the error handler: the admin form shows the message, the
    // reason code rides along for the record.
    const { created, body } = await recordDeliveredCall(deps, input, { type: 'admin', id: currentUser(req).id });
    res.status(created ? 201 : 200).json(body);
  });

  r.get('/admin/transfer-audit', admin, async (req, res) => {
    const q = parseWith(auditQuerySchema, req.query, 'query');
    res.json(await listAudit(deps.db, q));
  });

  return r;
}
