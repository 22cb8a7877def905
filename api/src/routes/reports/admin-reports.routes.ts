// The admin reports (issue 36 point 2), each as JSON and as CSV, over ?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=
// (days in the operator's zone; without tz, the admin's own):
// GET /api/admin/reports/revenue(.csv)   { rows: [{ day, product, grossCents, refundedCents, netCents, orders }] }
// GET /api/admin/reports/buyers(.csv)    { rows: [{ userId, email, transfersDelivered, disputes, credits, creditRate }] }
// GET /api/admin/reports/transfers(.csv) { rows: [{ day, userId, email, transfersDelivered }] }
// GET /api/admin/reports/refunds(.csv)   { rows: [{ reason, refunds, refundedCents }] }
// GET /api/admin/reports/no-shows(.csv)  { rows: [{ day, appointmentsSold, noShowsReported, noShowsCredited, noShowRate }] }
// They read the replica when one is configured (decision 238); the CSV is streamed (decision 277). Each path is its own route (another report adds its own, e.g. /reports/campaigns).
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { reportQuerySchema } from '@tm/shared/schemas/admin-console';
import { parseWith } from '../../errors.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { readFrom, readerForStream } from '../../db/read-routing.ts';
import { readReport, reportCsv, reportRange, REPORTS, type ReportName } from '../../services/reports/reports.service.ts';
import { sendCsv } from '../../http/csv-download.ts';

export function adminReportsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);
  for (const name of Object.keys(REPORTS) as ReportName[]) {
    r.get(`/admin/reports/${name}`, admin, async (req, res) => {
      const range = await reportRange(deps.db, currentUser(req).id, parseWith(reportQuerySchema, req.query, 'query'));
      res.json(await readFrom(deps, req, res, (db) => readReport(db, name, range)));
    });
    r.get(`/admin/reports/${name}.csv`, admin, async (req, res) => {
      const range = await reportRange(deps.db, currentUser(req).id, parseWith(reportQuerySchema, req.query, 'query'));
      // Streamed (decision 277): a by-day report is read a month of days at a time.
      await sendCsv(res, `${name}-${range.from}-to-${range.to}.csv`, reportCsv(await readerForStream(deps, req, res), name, range));
    });
  }
  return r;
}
