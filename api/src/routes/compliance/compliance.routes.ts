// Compliance (issue 19, item 1).
//
// GET  /api/compliance/:itemType/:itemId   the printable one-page compliance file of an item the agent bought or was
//                                           assigned (lead | transfer | appointment | assignment; HTML)
// GET  /api/admin/dnc-lists                 how many numbers each list holds
// POST /api/admin/dnc-lists                 { list: 'dnc' | 'litigator', csv, source? } (or text/csv ?list=&source=): adds the CSV's numbers;
//                                           leads with them leave sale at once (also those in a checkout)
// POST /api/admin/dnc-scrubs                { csv } (or text/csv): per-lead scrub results, rows "phone,result,scrubbed_at";
//                                           each lead with the number gets the result and date; bad rows come back by line and field
import express, { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, parseWith } from '../../errors.ts';
import { currentUser, requireAdmin, requireAgent } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import { DNC_LISTS, complianceFileHtml, dncSummary, uploadDncList, uploadScrubResults } from '../../services/compliance/compliance.service.ts';

const uploadSchema = z.object({
  list: z.enum(DNC_LISTS, { error: 'list must be dnc or litigator' }),
  csv: z.string({ error: 'csv is required' }).min(1, 'csv is required').max(20_000_000, 'csv is too large'),
  source: z.string().trim().max(200).optional(),
});
const scrubSchema = z.object({
  csv: z.string({ error: 'csv is required' }).min(1, 'csv is required').max(20_000_000, 'csv is too large'),
});
const KINDS = ['lead', 'transfer', 'appointment', 'assignment'] as const;

export function complianceRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  const admin = requireAdmin(deps);

  r.get('/compliance/:itemType/:itemId', agent, async (req, res) => {
    const kind = String(req.params.itemType) as (typeof KINDS)[number];
    if (!KINDS.includes(kind)) throw notFound('No item you bought has this id.');
    const html = await complianceFileHtml(deps.db, currentUser(req).id, kind, idParam(req.params.itemId), deps.clock.now());
    if (html === null) throw notFound('No item you bought has this id.');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.send(html);
  });

  r.get('/admin/dnc-lists', admin, async (_req, res) => {
    res.json(await dncSummary(deps.db));
  });

  // JSON, or the file itself as text/csv with ?list=&source= (lists run to millions of numbers).
  r.post('/admin/dnc-lists', admin, express.text({ type: 'text/csv', limit: '20mb' }), async (req, res) => {
    const body = typeof req.body === 'string' ? { list: req.query.list, source: req.query.source, csv: req.body } : req.body;
    const input = parseWith(uploadSchema, body);
    res.status(201).json(await uploadDncList(deps.db, input.list, input.csv, input.source ?? null, currentUser(req).id, deps.clock.now()));
  });

  r.post('/admin/dnc-scrubs', admin, express.text({ type: 'text/csv', limit: '20mb' }), async (req, res) => {
    const input = parseWith(scrubSchema, typeof req.body === 'string' ? { csv: req.body } : req.body);
    const result = await uploadScrubResults(deps.db, input.csv, deps.clock.now());
    if (result.rows === 0) throw badRequest('The CSV has no scrub rows (phone,result,scrubbed_at).', { csv: 'csv has no scrub rows' });
    if (result.applied === 0) {
      const first = result.errors[0]!;
      throw badRequest(`Line ${first.line}: ${first.message}`, { [first.field]: first.message });
    }
    res.status(201).json(result);
  });

  return r;
}
