// The agent's ledger and receipts: GET /api/ledger, GET /api/ledger.csv, GET /api/orders/:id/receipt
// (the portal's printable receipt page reads it). Only the session user's own orders; others are 404.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import { ORDER_NOT_FOUND, ledgerCsv, ledgerEntries, orderReceipt } from '../../services/transfers/ledger.service.ts';

export function transfersLedgerRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);

  r.get('/ledger', agent, async (req, res) => {
    res.json({ entries: await ledgerEntries(deps.db, currentUser(req).id) });
  });

  r.get('/ledger.csv', agent, async (req, res) => {
    const csv = ledgerCsv(await ledgerEntries(deps.db, currentUser(req).id), deps.config.publicOrigin);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="ledger.csv"');
    res.send(csv);
  });

  r.get('/orders/:id/receipt', agent, async (req, res) => {
    const id = idParam(req.params.id, ORDER_NOT_FOUND);
    res.json(await orderReceipt(deps, currentUser(req).id, id));
  });

  return r;
}
