// /api/admin/lead-imports: upload a CSV of leads (raw text/csv body, streamed to disk), run the import
// with a column mapping (answers NDJSON progress lines, then the result), and page through refused rows.
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { runImportSchema, startImportQuerySchema, listQuerySchema } from '@tm/shared/schemas/admin';
import { parseWith, notFound } from '../errors.ts';
import { requireAdmin, currentUser } from '../middleware/require-user.ts';
import { getImport, listImportErrors, prepareImportRun, uploadImport } from '../services/lead-import/imports.service.ts';

function importId(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Import not found');
  return id;
}

export function adminLeadImportsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);
  const importDeps = { db: deps.db, uploadDir: deps.config.uploadDir, clock: deps.clock };

  r.post('/admin/lead-imports', admin, async (req, res) => {
    const q = parseWith(startImportQuerySchema, req.query, 'query');
    const length = req.headers['content-length'] ? Number(req.headers['content-length']) : undefined;
    const uploaded = await uploadImport(importDeps, { adminId: currentUser(req).id, target: q.target, kind: q.kind, filename: q.filename, body: req, declaredLength: length }, deps.clock.now());
    res.status(201).json(uploaded);
  });

  r.get('/admin/lead-imports/:id', admin, async (req, res) => {
    res.json({ import: await getImport(deps.db, importId(req.params.id)) });
  });

  r.get('/admin/lead-imports/:id/errors', admin, async (req, res) => {
    const { page, pageSize } = parseWith(listQuerySchema.extend({ q: z.string().optional() }), req.query, 'query');
    res.json(await listImportErrors(deps.db, importId(req.params.id), page, pageSize));
  });

  r.post('/admin/lead-imports/:id/run', admin, async (req, res) => {
    const { mapping, dryRun } = parseWith(runImportSchema, req.body);
    const job = await prepareImportRun(importDeps, importId(req.params.id), mapping, dryRun);
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    try {
      await job.run((event) => {
        if (!res.writableEnded) res.write(`${JSON.stringify(event)}\n`);
      });
    } catch (err) {
      // The run already reported an 'error' event and marked the import failed.
      deps.logger.error({ err }, 'lead import failed');
    }
    res.end();
  });

  return r;
}
