// /api/admin/reports/campaigns and /api/admin/conversions: revenue, orders and new agents by campaign (and its
// CSV), and the conversions Google Ads and Meta import (issue 37 points 2 and 3, decisions 233 and 234). Admin only. Read from the replica when one is configured (decision 238).
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { dateRangeQuerySchema } from '@tm/shared/schemas/attribution';
import { parseWith } from '../../errors.ts';
import { requireAdmin } from '../../middleware/require-user.ts';
import { readFrom, readerForStream } from '../../db/read-routing.ts';
import { campaignReport, campaignReportCsv } from '../../services/marketing/campaign-report.service.ts';
import { DEFAULT_CONVERSION_NAME, googleAdsCsv, metaEvents } from '../../services/marketing/conversions.service.ts';
import { sendCsv } from '../../http/csv-download.ts';

const googleQuerySchema = z.object({
  conversionName: z.string().trim().min(1, 'conversionName must not be empty').max(100, 'conversionName is too long').optional(),
});

function download(res: Response, type: string, name: string, body: string) {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.send(body);
}

export function adminMarketingRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);
  const range = (query: unknown) => parseWith(dateRangeQuerySchema, query, 'query');

  r.get('/admin/reports/campaigns', admin, async (req, res) => {
    res.json(await readFrom(deps, req, res, (db) => campaignReport(db, range(req.query))));
  });

  r.get('/admin/reports/campaigns.csv', admin, async (req, res) => {
    const q = range(req.query);
    download(res, 'text/csv; charset=utf-8', `campaigns-${q.from}-${q.to}.csv`, await readFrom(deps, req, res, (db) => campaignReportCsv(db, q)));
  });

  r.get('/admin/conversions/google-ads.csv', admin, async (req, res) => {
    const q = range(req.query);
    const { conversionName } = parseWith(googleQuerySchema, { conversionName: req.query.conversionName }, 'query');
    // Streamed (decision 277): one row per paid order of the range, read 1,000 a statement.
    const db = await readerForStream(deps, req, res);
    await sendCsv(res, `google-ads-conversions-${q.from}-${q.to}.csv`, googleAdsCsv(db, q, conversionName ?? DEFAULT_CONVERSION_NAME));
  });

  r.get('/admin/conversions/meta.json', admin, async (req, res) => {
    res.json(await readFrom(deps, req, res, (db) => metaEvents(db, range(req.query), deps.config.publicOrigin)));
  });

  return r;
}
