// /api/admin/appointments/brightcall: the voice-AI appointments list (paginated), search, and manual create.
import { Router, type Request } from 'express';
import type { AppDeps } from '../../deps.ts';
import {
  assignAppointmentSchema,
  createAppointmentSchema,
  keysetListQuerySchema,
  updateAppointmentSchema,
  withdrawAppointmentSchema,
} from '@tm/shared/schemas/admin';
import { parseWith } from '../../errors.ts';
import { idParam } from '../../http/params.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { createAdminAppointment } from '../../services/brightcall/callbacks.service.ts';
import { listAppointments } from '../../services/brightcall/callback-list.service.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import {
  adminAppointmentDetail,
  assignAppointment,
  restoreAppointment,
  unassignAppointment,
  updateAdminAppointment,
  withdrawAppointment,
} from '../../services/appointments/admin-appointments.service.ts';
import { readFrom } from '../../db/read-routing.ts';

export function adminAppointmentsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/appointments/brightcall', admin, async (req, res) => {
    const query = parseWith(keysetListQuerySchema, { ...req.query, q: '' }, 'query');
    res.json(await readFrom(deps, req, res, (db) => listAppointments(db, query)));
  });

  r.get('/admin/appointments/brightcall/search', admin, async (req, res) => {
    const query = parseWith(keysetListQuerySchema, { ...req.query, q: req.query.q ?? req.query.search }, 'query');
    res.json(await readFrom(deps, req, res, (db) => listAppointments(db, query)));
  });

  r.post('/admin/appointments/brightcall', admin, async (req, res) => {
    const input = parseWith(createAppointmentSchema, req.body);
    res.status(201).json({ appointment: await createAdminAppointment(deps.db, input, deps.clock.now(), adminActor(currentUser(req))) });
  });

  // The admin's tools for one appointment (issue 26): detail, edit, withdraw / restore, assign / unassign.
  const apptId = (req: Request) => idParam(req.params.id, 'Appointment not found');
  r.get('/admin/appointments/:id', admin, async (req, res) => {
    res.json({ appointment: await adminAppointmentDetail(deps.db, apptId(req)) });
  });
  r.patch('/admin/appointments/:id', admin, async (req, res) => {
    const input = parseWith(updateAppointmentSchema, req.body);
    res.json({ appointment: await updateAdminAppointment(deps.db, apptId(req), input, deps.clock.now(), adminActor(currentUser(req))) });
  });
  r.post('/admin/appointments/:id/withdraw', admin, async (req, res) => {
    const { reason } = parseWith(withdrawAppointmentSchema, req.body);
    res.json({ appointment: await withdrawAppointment(deps.db, apptId(req), reason, deps.clock.now(), adminActor(currentUser(req))) });
  });
  r.post('/admin/appointments/:id/restore', admin, async (req, res) => {
    res.json({ appointment: await restoreAppointment(deps.db, apptId(req), deps.clock.now(), adminActor(currentUser(req))) });
  });
  r.post('/admin/appointments/:id/assign', admin, async (req, res) => {
    const { agentId } = parseWith(assignAppointmentSchema, req.body);
    res.json({ appointment: await assignAppointment(deps.db, apptId(req), agentId, deps.clock.now(), adminActor(currentUser(req))) });
  });
  r.post('/admin/appointments/:id/unassign', admin, async (req, res) => {
    res.json({ appointment: await unassignAppointment(deps.db, apptId(req), deps.clock.now(), adminActor(currentUser(req))) });
  });

  return r;
}
