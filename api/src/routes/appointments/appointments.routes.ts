// /api/vapi/*: AI-set appointments. The list for sale (filters and sort applied here; recordings as
// preview links), the agent's purchases (search, CSV export, full links; scoped to the session's user:
// someone else's id is a 404), their counts, delete, and the cart's checkout.
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { clientIp, orderFollowUpLimits, orderLimits } from '../../middleware/rate-limit.ts';
import { parseWith } from '../../errors.ts';
import { idParam } from '../../http/params.ts';
import { confirmPurchaseSchema } from '@tm/shared/schemas/leads';
import { availableAppointmentsQuerySchema, myAppointmentsExportQuerySchema, myAppointmentsQuerySchema } from '@tm/shared/schemas/appointments';
import { appointmentCheckoutSchema } from '@tm/shared/schemas/dashboard';
import {
  appointmentsOverview,
  deleteMyAppointment,
  getMyAppointment,
  listMyAppointments,
  myAppointmentsCsv,
} from '../../services/appointments/appointments.service.ts';
import {
  browseAppointments,
  cancelAppointmentPurchase,
  confirmAppointmentPurchase,
  startAppointmentPurchase,
} from '../../services/appointments/appointment-purchase.service.ts';
import { signRecordings } from '../../services/media/media-links.ts';
import { AUDIO_PREVIEW_SECONDS } from '@tm/shared/logic/transcript';
import { readFrom, readerForStream } from '../../db/read-routing.ts';
import { sendCsv } from '../../http/csv-download.ts';

// The cart may send the amount it showed (dollars); the server prices the order and refuses a mismatch.
const checkoutBody = appointmentCheckoutSchema.extend({ amount: z.number({ error: 'amount must be a number' }).nonnegative().optional() });

export function appointmentsRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);

  r.get('/vapi/available-appointments', agent, async (req, res) => {
    const query = parseWith(availableAppointmentsQuerySchema, req.query, 'query');
    const list = await readFrom(deps, req, res, (db) => browseAppointments({ ...deps, db }, currentUser(req).id, query));
    // Not bought yet: preview links, which play only the recording's last 90 seconds.
    const previews = { previewSeconds: AUDIO_PREVIEW_SECONDS };
    res.json({ ...list, items: signRecordings(deps.config, currentUser(req).id, list.items, deps.clock.now(), previews) });
  });

  r.get('/vapi/my-appointments', agent, async (req, res) => {
    const { q, ...place } = parseWith(myAppointmentsQuerySchema, req.query, 'query');
    const list = await listMyAppointments(deps.db, currentUser(req).id, place, q);
    res.json({ ...list, items: signRecordings(deps.config, currentUser(req).id, list.items, deps.clock.now()) });
  });

  // The same list (and search) as CSV for the agent's CRM; registered before /:id.
  r.get('/vapi/my-appointments/export.csv', agent, async (req, res) => {
    const { q } = parseWith(myAppointmentsExportQuerySchema, req.query, 'query');
    await sendCsv(res, 'my-appointments.csv', myAppointmentsCsv(await readerForStream(deps, req, res), currentUser(req).id, q));
  });

  r.get('/vapi/my-appointments/:id', agent, async (req, res) => {
    const id = idParam(req.params.id, 'Appointment not found');
    const [one] = signRecordings(deps.config, currentUser(req).id, [await getMyAppointment(deps.db, currentUser(req).id, id)], deps.clock.now());
    res.json(one);
  });

  r.delete('/vapi/my-appointments/:id', agent, async (req, res) => {
    const id = idParam(req.params.id, 'Appointment not found');
    await deleteMyAppointment(deps.db, currentUser(req).id, id, deps.clock.now());
    res.json({ success: true });
  });

  // The agent's view of both lists: how many are for sale and how many they own (sidebar badge).
  r.get('/vapi/all-appointments', agent, async (req, res) => {
    res.json(await appointmentsOverview(deps.db, currentUser(req).id, deps.clock.now()));
  });

  const ordering = orderLimits(deps);
  const followUps = orderFollowUpLimits(deps);
  r.post('/vapi/create-appointment-payment', agent, ...ordering, async (req, res) => {
    const { appointmentIds, amount } = parseWith(checkoutBody, req.body);
    const expected = amount === undefined ? undefined : Math.round(amount * 100);
    res.status(201).json(await startAppointmentPurchase(deps, currentUser(req).id, appointmentIds, expected, clientIp(req)));
  });

  // Only the intent id is read: any user_id or appointment_ids in the body are ignored.
  r.post('/vapi/confirm-appointment-purchase', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await confirmAppointmentPurchase(deps, currentUser(req).id, payment_intent_id));
  });

  // The buyer closed the payment form: the cart's appointments go back on sale at once.
  r.post('/vapi/cancel-appointment-payment', agent, ...followUps, async (req, res) => {
    const { payment_intent_id } = parseWith(confirmPurchaseSchema, req.body);
    res.json(await cancelAppointmentPurchase(deps, currentUser(req).id, payment_intent_id));
  });

  return r;
}
