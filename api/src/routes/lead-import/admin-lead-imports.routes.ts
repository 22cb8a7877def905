// /api/admin/lead-imports: upload a CSV of leads (raw text/csv body, streamed to storage), run the import
// with a column mapping (a background job: answers 202 at once; GET .../:id tells its progress), and
// page through refused rows or download them as a CSV to fix and upload again.
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { runImportSchema, startImportQuerySchema, listQuerySchema } from '@tm/shared/schemas/admin';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { claimImportRun, getImport, importProgress, listImportErrors, refusedRowsCsv, uploadImport } from '../../services/lead-import/imports.service.ts';
import { JOBS } from '../../jobs/index.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { idParam } from '../../http/params.ts';
import { sendCsv } from '../../http/csv-download.ts';

const importId = (raw: unknown) => idParam(raw, 'Import not found');

export function adminLeadImportsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);
  const importDeps = { db: deps.db, storage: deps.storage, clock: deps.clock };

  r.post('/admin/lead-imports', admin, async (req, res) => {
    const q = parseWith(startImportQuerySchema, req.query, 'query');
    const length = req.headers['content-length'] ? Number(req.headers['content-length']) : undefined;
    const uploaded = await uploadImport(
      importDeps,
      { adminId: currentUser(req).id, target: q.target, kind: q.kind, filename: q.filename, body: req, declaredLength: length },
      deps.clock.now(),
    );
    res.status(201).json(uploaded);
  });

  r.get('/admin/lead-imports/:id', admin, async (req, res) => {
    const id = importId(req.params.id);
    res.json({ import: await getImport(deps.db, id), progress: await importProgress(deps.db, id) });
  });

  r.get('/admin/lead-imports/:id/errors', admin, async (req, res) => {
    const { page, pageSize } = parseWith(listQuerySchema.extend({ q: z.string().optional() }), req.query, 'query');
    res.json(await listImportErrors(deps.db, importId(req.params.id), page, pageSize));
  });

  // The refused rows as a CSV to fix and upload again (the file's own columns plus the reason).
  r.get('/admin/lead-imports/:id/refused.csv', admin, async (req, res) => {
    const { filename, chunks } = await refusedRowsCsv(deps.db, importId(req.params.id));
    await sendCsv(res, filename.replace(/[^\w.-]+/g, '_'), chunks);
  });

  r.post('/admin/lead-imports/:id/run', admin, async (req, res) => {
    const { mapping, dryRun } = parseWith(runImportSchema, req.body);
    const job = await claimImportRun(importDeps, importId(req.params.id), mapping, dryRun, adminActor(currentUser(req)));
    // One job per claim: a stalled job (its process died) is retried by the queue, never doubled.
    await deps.jobs.enqueue(JOBS.leadImport, job, { jobId: `lead-import-${job.id}-${Date.now()}`, attempts: 3, backoffMs: 2000 });
    res.status(202).json({ import: await getImport(deps.db, job.id), progress: await importProgress(deps.db, job.id) });
  });

  return r;
}
