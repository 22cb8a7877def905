// The admin's tools for an appointment (issue 26): its detail (transcript, recording, callback time,
// source), editing what the voice AI got wrong, withdrawing it from sale (a junk webhook call) and putting
// it back, and assigning it free to an agent or taking a free assignment back. Each change is a
// conditional update (never over a purchase in flight) and is audited in its transaction.
import type { Knex } from 'knex';
import type { AdminAppointmentDetail, UpdateAppointmentValues } from '@tm/shared/schemas/admin';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { UNKNOWN_AGENT_MESSAGE } from '../brightcall/callbacks.service.ts';
import { checkCallbackTime } from '../brightcall/webhook-payload.ts';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { Appointment, User } from '../../models/index.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { refuseAdminPaused } from '../transfers/settings.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { callbackAtOf } from './appointments.service.ts';
import { refuseDeactivated } from '../accounts/users.service.ts';

export const IN_PURCHASE_MESSAGE = 'An agent is buying this appointment right now; try again in a few minutes';
export const BOUGHT_MESSAGE = 'This appointment was bought by an agent; refund their order instead';
export const NOT_WITHDRAWN_MESSAGE = 'This appointment is not withdrawn';
export const NOT_FOR_SALE_MESSAGE = 'Only an appointment for sale can be withdrawn';
export const NOT_ASSIGNED_MESSAGE = 'This appointment is not assigned to an agent';

type Trx = Db | Knex.Transaction;

async function load(db: Trx, id: number): Promise<Appointment> {
  const row = await Appointment.query(db).findById(id);
  if (!row) throw notFound('Appointment not found');
  return row;
}

const editable = (a: Appointment) => ({
  customerName: a.customerName,
  customerPhone: a.customerPhone,
  customerEmail: a.customerEmail,
  customerState: a.customerState,
  callbackTime: a.extractedAppointmentDateTime,
  leadQuality: a.leadQuality,
  notes: a.notes,
});

export async function adminAppointmentDetail(db: Trx, id: number): Promise<AdminAppointmentDetail> {
  const a = await load(db, id);
  const agent = a.buyerId ? await User.query(db).findById(a.buyerId).select('id', 'firstName', 'lastName', 'email') : undefined;
  return {
    id: Number(a.id),
    ...editable(a),
    transcript: a.transcript,
    recordingUrl: a.recordingUrl,
    source: a.source,
    status: a.status,
    priceCents: a.priceCents === null ? APPOINTMENT_PRICE_CENTS : Number(a.priceCents),
    createdAt: toIso(a.createdAt),
    callDate: toIso(a.callDate),
    agent: agent ? { id: Number(agent.id), name: `${agent.firstName} ${agent.lastName}`.trim(), email: agent.email } : null,
    orderId: a.status === 'sold' && a.reservedOrderId ? Number(a.reservedOrderId) : null,
  };
}

export async function updateAdminAppointment(
  db: Db,
  id: number,
  values: UpdateAppointmentValues,
  now: Date,
  actor: AuditActor,
): Promise<AdminAppointmentDetail> {
  if (values.callbackTime) checkCallbackTime(values.callbackTime, now);
  return db.transaction(async (trx) => {
    const a = await load(trx, id);
    const next = { ...editable(a), ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
    const edit = changedFields(editable(a), next);
    if (edit) {
      const { callbackTime, ...rest } = edit.after;
      await Appointment.query(trx)
        .findById(id)
        .patch({
          ...rest,
          ...(callbackTime !== undefined
            ? { extractedAppointmentDateTime: callbackTime, hasExtractedAppointment: Boolean(callbackTime), callbackAt: callbackAtOf(callbackTime) }
            : {}),
        });
      await recordAudit(trx, { actor, action: 'appointment.updated', entity: 'appointment', entityId: id, userId: a.buyerId, ...edit, at: now });
    }
    return adminAppointmentDetail(trx, id);
  });
}

/** For sale → withdrawn (never listed for sale again until put back). */
export async function withdrawAppointment(db: Db, id: number, reason: string, now: Date, actor: AuditActor): Promise<AdminAppointmentDetail> {
  return db.transaction(async (trx) => {
    const a = await load(trx, id);
    const n = await Appointment.query(trx).where({ id, status: 'available' }).patch({ status: 'withdrawn' });
    if (Number(n) !== 1) throw conflict(a.status === 'reserved' ? IN_PURCHASE_MESSAGE : NOT_FOR_SALE_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'appointment.withdrawn',
      entity: 'appointment',
      entityId: id,
      before: { status: 'available' },
      after: { status: 'withdrawn', reason },
      at: now,
    });
    return adminAppointmentDetail(trx, id);
  });
}

/** Withdrawn → for sale again. */
export async function restoreAppointment(db: Db, id: number, now: Date, actor: AuditActor): Promise<AdminAppointmentDetail> {
  return db.transaction(async (trx) => {
    await load(trx, id);
    const n = await Appointment.query(trx).where({ id, status: 'withdrawn' }).patch({ status: 'available' });
    if (Number(n) !== 1) throw conflict(NOT_WITHDRAWN_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'appointment.restored',
      entity: 'appointment',
      entityId: id,
      before: { status: 'withdrawn' },
      after: { status: 'available' },
      at: now,
    });
    return adminAppointmentDetail(trx, id);
  });
}

/**
 * Gives the appointment free to an agent (from sale, from withdrawn, or from another agent's free
 * assignment). One bought through an order is not moved (409): that is a refund.
 */
export async function assignAppointment(db: Db, id: number, agentId: number, now: Date, actor: AuditActor): Promise<AdminAppointmentDetail> {
  return db.transaction(async (trx) => {
    const agent = await User.query(trx).findById(agentId).select('id', 'deactivatedAt');
    if (!agent) throw badRequest(UNKNOWN_AGENT_MESSAGE, { agentId: UNKNOWN_AGENT_MESSAGE });
    refuseDeactivated(agent);
    await refuseAdminPaused(trx, agentId, now);
    const a = await load(trx, id);
    if (a.status === 'reserved') throw conflict(IN_PURCHASE_MESSAGE);
    if (a.status === 'sold' && a.reservedOrderId) throw conflict(BOUGHT_MESSAGE);
    const n = await Appointment.query(trx)
      .where({ id, status: a.status })
      .whereNull('reservedOrderId')
      .patch({ status: 'sold', buyerId: agentId, purchasedAt: toDbDate(now), assignedAt: toDbDate(now), buyerDeletedAt: null });
    if (Number(n) !== 1) throw conflict(IN_PURCHASE_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'appointment.assigned',
      entity: 'appointment',
      entityId: id,
      userId: agentId,
      before: { status: a.status, buyerId: a.buyerId },
      after: { status: 'sold', buyerId: agentId },
      at: now,
    });
    await emitWebhookEvents(trx, now, agentId, 'appointment.assigned', [id]);
    return adminAppointmentDetail(trx, id);
  });
}

/** Takes a free assignment back: the appointment is for sale again. */
export async function unassignAppointment(db: Db, id: number, now: Date, actor: AuditActor): Promise<AdminAppointmentDetail> {
  return db.transaction(async (trx) => {
    const a = await load(trx, id);
    if (a.status !== 'sold' || !a.buyerId) throw conflict(NOT_ASSIGNED_MESSAGE);
    if (a.reservedOrderId) throw conflict(BOUGHT_MESSAGE);
    const n = await Appointment.query(trx)
      .where({ id, status: 'sold', buyerId: a.buyerId })
      .whereNull('reservedOrderId')
      .patch({ status: 'available', buyerId: null, purchasedAt: null, assignedAt: null, buyerDeletedAt: null });
    if (Number(n) !== 1) throw conflict(NOT_ASSIGNED_MESSAGE);
    await recordAudit(trx, {
      actor,
      action: 'appointment.unassigned',
      entity: 'appointment',
      entityId: id,
      userId: a.buyerId,
      before: { status: 'sold', buyerId: a.buyerId },
      after: { status: 'available', buyerId: null },
      at: now,
    });
    return adminAppointmentDetail(trx, id);
  });
}
