// Voice-AI callbacks ("Brightcall appointments"): recorded from the webhook (its payload is read in
// webhook-payload.ts) or entered by an admin, each with the appointment agents see; the admin's list is in
// callback-list.service.ts.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import type { Db } from '../../db/index.ts';
import { type BrightcallAppointment, type CreateAppointmentValues } from '@tm/shared/schemas/admin';
import type { ConsentInput } from '@tm/shared/schemas/consent';
import { consentColumns } from '../compliance/consent-columns.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { Appointment, BrightcallCallback, User } from '../../models/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { callbackAtOf } from '../appointments/appointments.service.ts';
import { refuseDeactivated } from '../accounts/users.service.ts';

import { listBase, toAppointment, type CallbackRow } from './callback-list.service.ts';
import { checkCallbackTime, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE, type WebhookCallback } from './webhook-payload.ts';

/**
 * The appointment agents see for a callback (issue 13 item 5): for sale in Buy Appointments at the
 * catalogue's price, or, when `agentId` is given, assigned straight to that agent (My Appointments).
 */
async function appointmentForCallback(
  trx: Knex.Transaction,
  callbackId: number,
  cb: {
    firstName: string;
    lastName: string;
    phone: string;
    email?: string | null;
    state?: string | null;
    transcript?: string | null;
    callbackTime?: string | null;
    leadQuality?: string | null;
    callOutcome?: string | null;
    interestLevel?: string | null;
    consent?: ConsentInput;
    aiDisclosure?: string;
    recordingUrl?: string;
  },
  source: 'webhook' | 'admin',
  now: Date,
  agentId?: number,
): Promise<number> {
  const stamp = toDbDate(now);
  const notes = [cb.callOutcome ? `Call outcome: ${cb.callOutcome}` : null, cb.interestLevel ? `Interest level: ${cb.interestLevel}` : null]
    .filter(Boolean)
    .join('\n');
  const appointment = await Appointment.query(trx).insert({
    customerName: `${cb.firstName} ${cb.lastName}`.trim().slice(0, 200),
    customerPhone: cb.phone.slice(0, 32),
    customerEmail: cb.email ?? null,
    customerState: cb.state ?? null,
    callStatus: 'completed',
    callDate: stamp,
    extractedAppointmentDateTime: cb.callbackTime ? cb.callbackTime.slice(0, 64) : null,
    hasExtractedAppointment: Boolean(cb.callbackTime),
    callbackAt: callbackAtOf(cb.callbackTime),
    leadQuality: cb.leadQuality ? cb.leadQuality.slice(0, 32) : null,
    transcript: cb.transcript ?? null,
    notes: notes || null,
    priceCents: APPOINTMENT_PRICE_CENTS,
    status: agentId ? 'sold' : 'available',
    buyerId: agentId ?? null,
    purchasedAt: agentId ? stamp : null,
    // Given by the admin, not bought: "Assigned free", free for the agent (decision 156).
    assignedAt: agentId ? stamp : null,
    brightcallCallbackId: callbackId,
    source,
    createdAt: stamp,
    ...consentColumns(cb.consent),
    aiDisclosure: cb.aiDisclosure ?? null,
    ...(cb.recordingUrl ? { recordingUrl: cb.recordingUrl } : {}),
  });
  if (agentId) await emitWebhookEvents(trx, now, agentId, 'appointment.assigned', [Number(appointment.id)]);
  return appointment.id;
}

export interface WebhookResult {
  callbackId: number;
  appointmentId: number | null;
  /** A repeat of a call stored before (same Idempotency-Key or call_id): nothing was stored. */
  duplicate: boolean;
}

/** The fingerprint of a checked payload: the same body (in any key order or spacing) gives the same hash. */
export function requestHashOf(cb: WebhookCallback): string {
  return crypto.createHash('sha256').update(JSON.stringify(cb)).digest('hex');
}

/**
 * The callback stored for this Idempotency-Key or call_id, with its appointment, if any. The same
 * Idempotency-Key with a different body is a 422 idempotency_key_reused (the IETF Idempotency-Key draft):
 * answering the first result would silently drop the sender's correction.
 */
async function storedFor(db: Db, keys: { idempotencyKey?: string; callId?: string; requestHash: string }): Promise<WebhookResult | null> {
  if (!keys.idempotencyKey && !keys.callId) return null;
  const row = await BrightcallCallback.query(db)
    .where((w) => {
      if (keys.idempotencyKey) w.orWhere({ idempotencyKey: keys.idempotencyKey });
      if (keys.callId) w.orWhere({ callId: keys.callId });
    })
    .orderBy('id')
    .select('id', 'idempotencyKey', 'requestHash')
    .first();
  if (!row) return null;
  if (keys.idempotencyKey && row.idempotencyKey === keys.idempotencyKey && row.requestHash && row.requestHash !== keys.requestHash) {
    throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { 'Idempotency-Key': IDEMPOTENCY_KEY_REUSED_MESSAGE }, IDEMPOTENCY_KEY_REUSED);
  }
  const appointment = await Appointment.query(db).where({ brightcallCallbackId: row.id }).orderBy('id').select('id').first();
  return { callbackId: Number(row.id), appointmentId: appointment ? Number(appointment.id) : null, duplicate: true };
}

/**
 * Stores a webhook callback and its appointment for sale. Idempotent: a repeat with the same
 * Idempotency-Key header or the same call_id answers the first callback (duplicate) and stores nothing;
 * two identical requests at once meet on the columns' unique indexes, and the loser answers the winner's.
 */
export async function recordWebhookCallback(db: Db, cb: WebhookCallback, now: Date, idempotencyKey?: string): Promise<WebhookResult> {
  const requestHash = requestHashOf(cb);
  const keys = { idempotencyKey, callId: cb.callId, requestHash };
  const seen = await storedFor(db, keys);
  if (seen) return seen;
  try {
    return await db.transaction(async (trx) => {
      const callback = await BrightcallCallback.query(trx).insert({
        firstName: cb.firstName,
        lastName: cb.lastName,
        phone: cb.phone,
        email: cb.email ?? null,
        state: cb.state ?? null,
        transcript: cb.transcript,
        callOutcome: cb.callOutcome ?? null,
        callbackTime: cb.callbackTime ?? null,
        externalAgentId: cb.externalAgentId ?? null,
        leadQuality: cb.leadQuality ?? null,
        interestLevel: cb.interestLevel ?? null,
        idempotencyKey: idempotencyKey ?? null,
        callId: cb.callId ?? null,
        requestHash,
        source: 'webhook',
        createdAt: toDbDate(now),
      });
      const appointmentId = await appointmentForCallback(trx, callback.id, cb, 'webhook', now);
      return { callbackId: Number(callback.id), appointmentId: Number(appointmentId), duplicate: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await storedFor(db, keys);
      if (first) return first;
    }
    throw err;
  }
}

export const UNKNOWN_AGENT_MESSAGE = 'Agent not found';

export async function createAdminAppointment(
  db: Db,
  input: CreateAppointmentValues,
  now: Date,
  actor: AuditActor = adminById(null),
): Promise<BrightcallAppointment> {
  if (input.callbackTime) checkCallbackTime(input.callbackTime, now);
  if (input.agentId !== undefined) {
    const agent = await User.query(db).findById(input.agentId).select('id', 'deactivatedAt');
    if (!agent) throw badRequest(UNKNOWN_AGENT_MESSAGE, { agentId: UNKNOWN_AGENT_MESSAGE });
    refuseDeactivated(agent);
  }
  const id = await db.transaction(async (trx) => {
    const callback = await BrightcallCallback.query(trx).insert({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email ?? null,
      state: input.state ?? null,
      callbackTime: input.callbackTime ?? null,
      transcript: null,
      source: 'admin',
      createdAt: toDbDate(now),
    });
    const appointmentId = await appointmentForCallback(trx, callback.id, { ...input, callbackTime: input.callbackTime ?? null }, 'admin', now, input.agentId);
    await recordAudit(trx, {
      actor,
      action: 'appointment.created',
      entity: 'appointment',
      entityId: appointmentId,
      userId: input.agentId ?? null,
      after: {
        customerName: `${input.firstName} ${input.lastName}`.trim(),
        customerPhone: input.phone,
        customerEmail: input.email ?? null,
        customerState: input.state ?? null,
        extractedAppointmentDateTime: input.callbackTime ?? null,
        buyerId: input.agentId ?? null,
      },
      at: now,
    });
    return callback.id;
  });
  const row = (await listBase(db).where('c.id', id).first()) as CallbackRow;
  return toAppointment(row);
}
