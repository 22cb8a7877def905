// /api/admin/partner-applications (list, detail, review status with a note, each file: admins only) and
// /api/admin/signups (agent-lab and RingCloud sign-ups; each one's follow-up status, set by the admin).
import { Router, type Request } from 'express';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../deps.ts';
import { applicationsQuerySchema, reviewApplicationSchema, signupStatusSchema, signupsQuerySchema } from '@tm/shared/schemas/admin-business';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { applicationFile, getApplication, listApplications, listSignups, reviewApplication, setSignupStatus } from '../../services/funnel/inboxes.service.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { idParam } from '../../http/params.ts';

const inboxId = (req: Request, name: string, what: string) => idParam(req.params[name], `${what} not found`);

export function adminInboxesRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/partner-applications', admin, async (req, res) => {
    res.json(await listApplications(deps.db, parseWith(applicationsQuerySchema, req.query, 'query')));
  });

  r.get('/admin/partner-applications/:id', admin, async (req, res) => {
    res.json(await getApplication(deps.db, inboxId(req, 'id', 'Application')));
  });

  r.put('/admin/partner-applications/:id/status', admin, async (req, res) => {
    const id = inboxId(req, 'id', 'Application');
    const input = parseWith(reviewApplicationSchema, req.body);
    res.json(await reviewApplication(deps.db, deps.config, id, input, currentUser(req).id, deps.clock.now()));
  });

  r.get('/admin/partner-applications/:id/files/:fileId', admin, async (req, res) => {
    const f = await applicationFile(deps.db, deps.storage, inboxId(req, 'id', 'Application'), inboxId(req, 'fileId', 'File'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', f.mime);
    res.setHeader('Content-Length', String(f.size));
    // Always a download, never rendered in the admin's origin.
    res.attachment(f.name);
    await pipeline(f.body, res);
  });

  r.get('/admin/signups', admin, async (req, res) => {
    res.json(await listSignups(deps.db, parseWith(signupsQuerySchema, req.query, 'query')));
  });

  r.put('/admin/signups/:id/status', admin, async (req, res) => {
    const id = inboxId(req, 'id', 'Sign-up');
    const { status } = parseWith(signupStatusSchema, req.body);
    res.json(await setSignupStatus(deps.db, id, status, adminActor(currentUser(req)), deps.clock.now()));
  });

  return r;
}
