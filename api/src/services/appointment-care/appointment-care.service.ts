// Purchased appointments in the agent's calendar (.ics per appointment, a secret feed URL per agent)
// and no-show reports: within 24 hours of the appointment time, credited at once when the agent's call
// at that time lasted less than the transfer buffer (nobody answered), otherwise queued for an admin.
import crypto from 'node:crypto';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { TIERS } from '@tm/shared';
import {
  APPOINTMENT_MINUTES,
  NO_SHOW_WINDOW_MS,
  appointmentStart,
  type NoShowInput,
  type NoShowStatus,
  type NoShowView,
} from '@tm/shared/schemas/appointment-care';
import type { ModelObject } from 'objection';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, conflict, forbidden, notFound } from '../../errors.ts';
import { Appointment, AppointmentNoShow, CalendarFeed, User } from '../../models/index.ts';
import { appointmentPriceCents } from '../appointments/appointments.service.ts';
import { adminById, recordAudit } from '../audit/audit.service.ts';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
/** Under this many seconds the agent's call counts as not answered (the standard tier's transfer buffer). */
export const NO_ANSWER_BUFFER_SECONDS = TIERS.standard.bufferSeconds;

const owned = (db: Db, userId: number) => Appointment.query(db).where({ buyerId: userId, status: 'sold' });
/** What the agent paid for it: nothing when an admin assigned it (so a no-show credits nothing). */
const priceOf = (a: Pick<Appointment, 'priceCents'> & Partial<Pick<Appointment, 'assignedAt'>>) =>
  a.assignedAt ? 0 : appointmentPriceCents({ priceCents: a.priceCents });

function eventOf(row: Appointment, origin: string): EventAttributes | null {
  const start = appointmentStart(row);
  if (!start) return null;
  const name = String(row.customerName ?? 'Customer');
  const lines = [
    `Phone: ${row.customerPhone ?? ''}`,
    row.customerEmail ? `E-mail: ${row.customerEmail}` : '',
    row.customerState ? `State: ${row.customerState}` : '',
    row.summary ? `Summary: ${row.summary}` : '',
    `Details: ${origin}/dashboard?tab=my-appointments`,
  ].filter(Boolean);
  return {
    uid: `appointment-${row.id}@${new URL(origin).host}`,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: APPOINTMENT_MINUTES },
    title: `Appointment: ${name}`,
    description: lines.join('\n'),
    status: 'CONFIRMED',
    productId: 'transferline/appointments',
  };
}

function ics(result: { error?: Error | null; value?: string | null }): string {
  if (result.error || !result.value) throw result.error ?? new Error('calendar could not be built');
  return result.value;
}

/** One purchased appointment as an .ics file; 404 for anyone else's, 422 when it has no time. */
export async function appointmentIcs(db: Db, userId: number, id: number, origin: string): Promise<string> {
  const row = await owned(db, userId).where({ id }).first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  const event = eventOf(row, origin);
  if (!event) throw new HttpError(422, 'This appointment has no time set, so it cannot go in a calendar.');
  return ics(createEvent(event));
}

// ---------------------------------------------------------------------------------------------
// The feed

const hash = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

export async function feedStatus(db: Db, userId: number): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await CalendarFeed.query(db).where({ userId }).select('createdAt').first();
  return { active: Boolean(row), createdAt: toIso(row?.createdAt) };
}

/** A new secret feed URL (any earlier one stops working). Only its hash is kept: the URL is shown once. */
export async function createFeed(db: Db, userId: number, origin: string, now: Date): Promise<{ url: string }> {
  const secret = crypto.randomBytes(24).toString('base64url');
  await db.transaction(async (trx) => {
    await CalendarFeed.query(trx).where({ userId }).delete();
    await CalendarFeed.query(trx).insert({ userId, secretHash: hash(secret), createdAt: toDbDate(now) });
  });
  return { url: `${origin}/api/calendar/${secret}.ics` };
}

export async function revokeFeed(db: Db, userId: number): Promise<void> {
  await CalendarFeed.query(db).where({ userId }).delete();
}

/** The feed of the agent whose secret this is (every purchased appointment with a time), or null. */
export async function feedIcs(db: Db, secret: string, origin: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret)) return null;
  const feed = await CalendarFeed.query(db)
    .where({ secretHash: hash(secret) })
    .select('userId')
    .first();
  if (!feed) return null;
  const rows = await owned(db, Number(feed.userId)).whereNull('buyerDeletedAt').orderBy('id');
  const events = rows.map((r) => eventOf(r, origin)).filter((e): e is EventAttributes => e !== null);
  if (events.length === 0) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:transferline/appointments',
      'CALSCALE:GREGORIAN',
      'X-WR-CALNAME:TransferLine appointments',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  return ics(createEvents(events, { calName: 'TransferLine appointments' }));
}

// ---------------------------------------------------------------------------------------------
// No-shows

type NoShowRow = Omit<ModelObject<AppointmentNoShow>, 'decidedBy' | 'decidedByUser' | 'user' | 'appointment'>;
const view = (r: NoShowRow): NoShowView => ({
  id: Number(r.id),
  appointmentId: Number(r.appointmentId),
  status: r.status as NoShowStatus,
  callDurationSeconds: Number(r.callDurationSeconds),
  bufferSeconds: Number(r.bufferSeconds),
  recordingUrl: r.recordingUrl,
  note: r.note,
  creditCents: Number(r.creditCents),
  decisionReason: r.decisionReason,
  createdAt: toIso(r.createdAt) ?? '',
  decidedAt: toIso(r.decidedAt),
});

/**
 * Reports a no-show. Allowed from the appointment time to 24 hours after it (both ends included), once.
 * Every report waits in the admin queue (nothing is credited on the agent's word: issue 27 L4); an
 * admin never decides a report of their own (separation of duties, as for disputes).
 */
export async function reportNoShow(db: Db, userId: number, appointmentId: number, input: NoShowInput, now: Date): Promise<NoShowView> {
  const row = await owned(db, userId).where({ id: appointmentId }).first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  const start = appointmentStart(row);
  if (!start) throw new HttpError(422, 'This appointment has no time set, so a no-show cannot be checked against it.');
  if (now.getTime() < start.getTime()) throw new HttpError(422, 'A no-show can be reported once the appointment time has passed.');
  if (now.getTime() > start.getTime() + NO_SHOW_WINDOW_MS) throw new HttpError(422, 'No-show reports close 24 hours after the appointment time.');
  // Never credited on the agent's word alone (issue 27 L4): a short call (even 0 s) or no recording is
  // what the agent says, not evidence. Every report waits for an admin, who hears the recordings.
  const record = {
    appointmentId,
    userId,
    callDurationSeconds: input.callDurationSeconds,
    recordingUrl: input.recordingUrl,
    note: input.note ?? null,
    bufferSeconds: NO_ANSWER_BUFFER_SECONDS,
    status: 'pending' as NoShowStatus,
    creditCents: 0,
    decidedAt: null,
    decisionReason: null,
    createdAt: toDbDate(now),
  };
  try {
    const inserted = await AppointmentNoShow.query(db).insert(record);
    return view({ ...record, id: inserted.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A no-show was already reported for this appointment.');
    throw err;
  }
}

export async function myNoShows(db: Db, userId: number): Promise<NoShowView[]> {
  const rows = await AppointmentNoShow.query(db).where({ userId }).orderBy('id', 'desc');
  return rows.map(view);
}

export async function noShowQueue(db: Db, status: NoShowStatus | undefined) {
  const q = AppointmentNoShow.query(db)
    .alias('n')
    .join(`${User.tableName} as u`, 'u.id', 'n.userId')
    .join(`${Appointment.tableName} as a`, 'a.id', 'n.appointmentId')
    .select('n.*', 'u.email as agentEmail', 'a.customerName', 'a.extractedAppointmentDateTime', 'a.recordingUrl as aiRecordingUrl')
    .orderBy('n.id', 'asc');
  if (status) q.where('n.status', status);
  const rows = (await q) as Array<
    AppointmentNoShow & { agentEmail: string; customerName: string | null; extractedAppointmentDateTime: string | null; aiRecordingUrl: string | null }
  >;
  return rows.map((r) => ({
    ...view(r),
    agentEmail: r.agentEmail,
    customerName: r.customerName,
    appointmentTime: r.extractedAppointmentDateTime,
    aiRecordingUrl: r.aiRecordingUrl,
  }));
}

export const OWN_NO_SHOW_MESSAGE = 'You cannot decide a no-show report of your own. Another admin must decide it.';

/** Approve (credit the price) or deny (with a reason) a pending report, exactly once. */
export async function decideNoShow(
  db: Db,
  id: number,
  adminId: number,
  decision: 'approved' | 'denied',
  reason: string | null,
  now: Date,
): Promise<NoShowView> {
  const row = await AppointmentNoShow.query(db).findById(id);
  if (!row) throw notFound('No-show report not found');
  // Separation of duties: the credit would go to the reporting agent, so that agent may not decide it.
  if (Number(row.userId) === adminId) throw forbidden(OWN_NO_SHOW_MESSAGE);
  let creditCents = 0;
  if (decision === 'approved') {
    const appt = await Appointment.query(db).findById(row.appointmentId).select('priceCents', 'assignedAt');
    creditCents = appt ? priceOf(appt) : 0;
  }
  const n = await AppointmentNoShow.query(db)
    .where({ id, status: 'pending' })
    .patch({ status: decision, creditCents, decisionReason: reason, decidedBy: adminId, decidedAt: toDbDate(now) });
  if (!n) throw conflict('This no-show report has already been decided.');
  await recordAudit(db, {
    actor: adminById(adminId),
    action: `no_show.${decision}`,
    entity: 'no_show',
    entityId: id,
    userId: row.userId,
    before: { status: 'pending' },
    after: { status: decision, creditCents, reason },
    at: now,
  });
  return view((await AppointmentNoShow.query(db).findById(id))!);
}
