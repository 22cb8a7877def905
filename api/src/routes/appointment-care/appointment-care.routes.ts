// Appointments in the agent's calendar and no-show reports (issue 19, item 3).
//
// GET    /api/appointments/:id/calendar.ics   one purchased appointment as an .ics file (session, owner)
// GET    /api/calendar-feed                    { active, createdAt } of the agent's feed
// POST   /api/calendar-feed                    a new secret feed URL { url } (shown once; the old one stops)
// DELETE /api/calendar-feed                    revokes the feed
// GET    /api/calendar/<secret>.ics            the feed (no session: the secret is the key), rate limited
// POST   /api/appointments/:id/no-show         { callDurationSeconds, recordingUrl?, note? } -> 201 NoShowView
// GET    /api/appointments/no-shows            the agent's reports (each with decidedBy and the evidence)
// POST   /api/appointments/:id/attempts        { outcome, durationSeconds } logs a call attempt now -> 201 CallAttemptView
// GET    /api/appointments/:id/attempts        { items: CallAttemptView[] } logged and caller-system attempts, oldest first
// GET    /api/admin/no-shows?status=           the queue; POST /api/admin/no-shows/:id/approve | deny { reason }
import { Router } from 'express';
import { callAttemptSchema, noShowDecisionSchema, noShowDenySchema, noShowSchema, type NoShowStatus } from '@tm/shared/schemas/appointment-care';
import type { AppDeps } from '../../deps.ts';
import { notFound, parseWith } from '../../errors.ts';
import { currentUser, requireAdmin, requireAgent } from '../../middleware/require-user.ts';
import { clientIp, limiter } from '../../middleware/rate-limit.ts';
import { idParam } from '../../http/params.ts';
import { APPOINTMENT_NOT_FOUND } from '../../services/appointment-care/owned.ts';
import { appointmentIcs, createFeed, feedIcs, feedStatus, revokeFeed } from '../../services/appointment-care/calendar.service.ts';
import { logCallAttempt, myCallAttempts } from '../../services/appointment-care/call-attempts.service.ts';
import { decideNoShow, myNoShows, noShowQueue, reportNoShow } from '../../services/appointment-care/no-shows.service.ts';

const STATUSES = ['credited', 'pending', 'approved', 'denied'] as const;

export function appointmentCareRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  const admin = requireAdmin(deps);
  const origin = deps.config.publicOrigin;

  r.get('/appointments/no-shows', agent, async (req, res) => {
    res.json({ items: await myNoShows(deps.db, currentUser(req).id) });
  });

  r.get('/appointments/:id/calendar.ics', agent, async (req, res) => {
    const id = idParam(req.params.id, APPOINTMENT_NOT_FOUND);
    const body = await appointmentIcs(deps.db, currentUser(req).id, id, origin, deps.logger);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="appointment-${id}.ics"`);
    res.send(body);
  });

  r.post('/appointments/:id/no-show', agent, async (req, res) => {
    const id = idParam(req.params.id, APPOINTMENT_NOT_FOUND);
    const input = parseWith(noShowSchema, req.body);
    res.status(201).json(await reportNoShow(deps.db, currentUser(req).id, id, input, deps.clock.now()));
  });

  r.post('/appointments/:id/attempts', agent, async (req, res) => {
    const id = idParam(req.params.id, APPOINTMENT_NOT_FOUND);
    const input = parseWith(callAttemptSchema, req.body);
    res.status(201).json(await logCallAttempt(deps.db, currentUser(req).id, id, input, deps.clock.now()));
  });
  r.get('/appointments/:id/attempts', agent, async (req, res) => {
    const id = idParam(req.params.id, APPOINTMENT_NOT_FOUND);
    res.json({ items: await myCallAttempts(deps.db, currentUser(req).id, id, deps.clock.now()) });
  });

  r.get('/calendar-feed', agent, async (req, res) => {
    res.json(await feedStatus(deps.db, currentUser(req).id));
  });
  r.post('/calendar-feed', agent, async (req, res) => {
    res.status(201).json(await createFeed(deps.db, currentUser(req).id, origin, deps.clock.now()));
  });
  r.delete('/calendar-feed', agent, async (req, res) => {
    await revokeFeed(deps.db, currentUser(req).id);
    res.status(204).end();
  });

  const feedRate = limiter({ windowMs: 60_000, limit: 60, key: clientIp, message: 'Too many requests' });
  r.get('/calendar/:file', feedRate, async (req, res) => {
    const file = String(req.params.file);
    const body = file.endsWith('.ics') ? await feedIcs(deps.db, file.slice(0, -4), origin, deps.logger) : null;
    if (body === null) throw notFound('Calendar feed not found');
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.send(body);
  });

  r.get('/admin/no-shows', admin, async (req, res) => {
    const raw = typeof req.query.status === 'string' ? req.query.status : '';
    const status = (STATUSES as readonly string[]).includes(raw) ? (raw as NoShowStatus) : undefined;
    res.json({ items: await noShowQueue(deps.db, status) });
  });
  r.post('/admin/no-shows/:id/approve', admin, async (req, res) => {
    const { reason } = parseWith(noShowDecisionSchema, req.body);
    res.json(await decideNoShow(deps.db, idParam(req.params.id), currentUser(req).id, 'approved', reason || null, deps.clock.now()));
  });
  r.post('/admin/no-shows/:id/deny', admin, async (req, res) => {
    const { reason } = parseWith(noShowDenySchema, req.body);
    res.json(await decideNoShow(deps.db, idParam(req.params.id), currentUser(req).id, 'denied', reason, deps.clock.now()));
  });

  return r;
}
