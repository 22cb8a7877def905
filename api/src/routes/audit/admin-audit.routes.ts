// /api/admin/audit: the audit log of the whole business (who, when, what, whose account, before and
// after), filtered by actor, user, kind and days; /api/admin/audit.csv the same rows as a spreadsheet.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { auditLogQuerySchema } from '@tm/shared/schemas/audit';
import { parseWith } from '../../errors.ts';
import { requireAdmin } from '../../middleware/require-user.ts';
import { auditLogCsv, listAuditLog } from '../../services/audit/audit.service.ts';
import { sendCsv } from '../../http/csv-download.ts';

export function adminAuditRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/audit', admin, async (req, res) => {
    res.json(await listAuditLog(deps.db, parseWith(auditLogQuerySchema, req.query, 'query')));
  });

  r.get('/admin/audit.csv', admin, async (req, res) => {
    const q = parseWith(auditLogQuerySchema, req.query, 'query');
    // Streamed (decision 277): up to 50,000 entries, read 1,000 a statement.
    await sendCsv(res, `audit-log${q.from ? `-from-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.csv`, auditLogCsv(deps.db, q));
  });

  return r;
}
