// The agent's transfer ledger, scoped to the session's user (another agent's call is 404):
// GET /api/transfers (filters from, to, state, billing; paginated), GET /api/transfers/balance,
// GET /api/transfers/export.csv, GET|PUT /api/transfers/settings, POST /api/transfers/:id/disputes,
// POST /api/transfers/:id/disputes/review.
// Also mounts the caller-system callbacks, the ledger and receipts, and the admin side.
import { Router } from 'express';
import { disputeSchema, transferSettingsSchema, transfersQuerySchema } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { callsCsv, listCalls } from '../../services/transfers/call-list.service.ts';
import { idParam } from '../../http/params.ts';
import { balanceView } from '../../services/transfers/lots.service.ts';
import { settingsView, updateSettings } from '../../services/transfers/settings.service.ts';
import { CALL_NOT_FOUND, fileDispute, requestReview } from '../../services/transfers/disputes.service.ts';
import { transferCallbacksRoutes } from './transfer-callbacks.routes.ts';
import { transfersLedgerRoutes } from './transfers-ledger.routes.ts';
import { adminTransfersRoutes } from './admin-transfers.routes.ts';
import { signRecordings } from '../../services/media/media-links.ts';
import { sendCsv } from '../../http/csv-download.ts';

export function transfersRoutes(deps: AppDeps): Router {
  const r = Router();
  r.use(transferCallbacksRoutes(deps));
  r.use(transfersLedgerRoutes(deps));
  r.use(adminTransfersRoutes(deps));
  const agent = requireAgent(deps);

  r.get('/transfers', agent, async (req, res) => {
    const q = parseWith(transfersQuerySchema, req.query, 'query');
    const list = await listCalls(deps, currentUser(req).id, q);
    res.json({ ...list, items: signRecordings(deps.config, currentUser(req).id, list.items, deps.clock.now()) });
  });

  r.get('/transfers/balance', agent, async (req, res) => {
    const userId = currentUser(req).id;
    const s = await settingsView(deps, userId);
    res.json(await balanceView(deps.db, userId, { pausedNow: s.pausedNow, pausedReason: s.pausedReason, resumeDate: s.resumeDate }));
  });

  r.get('/transfers/export.csv', agent, async (req, res) => {
    const { page: _p, pageSize: _s, ...q } = parseWith(transfersQuerySchema, req.query, 'query');
    await sendCsv(res, 'my-transfers.csv', callsCsv(deps, currentUser(req).id, q));
  });

  r.get('/transfers/settings', agent, async (req, res) => {
    res.json(await settingsView(deps, currentUser(req).id));
  });

  r.put('/transfers/settings', agent, async (req, res) => {
    const input = parseWith(transferSettingsSchema, req.body);
    res.json(await updateSettings(deps, currentUser(req).id, input));
  });

  r.post('/transfers/:id/disputes', agent, async (req, res) => {
    const id = idParam(req.params.id, CALL_NOT_FOUND);
    const input = parseWith(disputeSchema, req.body);
    res.status(201).json(await fileDispute(deps, currentUser(req).id, id, input));
  });

  // The agent's one ask for a human review of a rule's denial: back to the admin queue.
  r.post('/transfers/:id/disputes/review', agent, async (req, res) => {
    const id = idParam(req.params.id, CALL_NOT_FOUND);
    res.json(await requestReview(deps, currentUser(req).id, id));
  });

  return r;
}
