// /api/admin/appointments/brightcall: the voice-AI appointments list (paginated), search, and manual create.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { createAppointmentSchema, listQuerySchema } from '@tm/shared/schemas/admin';
import { parseWith } from '../errors.ts';
import { requireAdmin } from '../middleware/require-user.ts';
import { createAdminAppointment, listAppointments } from '../services/brightcall/callbacks.service.ts';

export function adminAppointmentsRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/appointments/brightcall', admin, async (req, res) => {
    res.json(await listAppointments(deps.db, parseWith(listQuerySchema, { ...req.query, q: '' }, 'query')));
  });

  r.get('/admin/appointments/brightcall/search', admin, async (req, res) => {
    res.json(await listAppointments(deps.db, parseWith(listQuerySchema, { ...req.query, q: req.query.q ?? req.query.search }, 'query')));
  });

  r.post('/admin/appointments/brightcall', admin, async (req, res) => {
    const input = parseWith(createAppointmentSchema, req.body);
    res.status(201).json({ appointment: await createAdminAppointment(deps.db, input, deps.clock.now()) });
  });

  return r;
}
