// Call attempts to an appointment's consumer, the evidence of a no-show: those the agent logs from the card
// (the agent's own account), the calls the caller system recorded, and the calling platform's record
// (POST /api/callbacks/attempts, issue 33), which is the only one that may credit (judgeNoShow).
import { callerPhoneKey } from '@tm/shared/logic/transfer-rules';
import {
  MAX_CALL_ATTEMPTS,
  NO_SHOW_CONNECTED_SECONDS,
  appointmentStart,
  type CallAttemptInput,
  type CallAttemptOutcome,
  type CallAttemptView,
  type PlatformAttempt,
} from '@tm/shared/schemas/appointment-care';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, notFound } from '../../errors.ts';
import { Appointment, AppointmentCallAttempt, PlatformCallAttempt, TransferCall } from '../../models/index.ts';
import { TransferRefused } from '../transfers/errors.ts';
import { APPOINTMENT_NOT_FOUND, owned } from './owned.ts';

/**
 * Logs a call attempt to the appointment's consumer, stamped with the server's time (an agent cannot
 * date one back to before a callback time). At most MAX_CALL_ATTEMPTS per appointment.
 */
export async function logCallAttempt(db: Db, userId: number, appointmentId: number, input: CallAttemptInput, now: Date): Promise<CallAttemptView> {
  const row = await owned(db, userId).where({ id: appointmentId }).select('id').first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  if ((await AppointmentCallAttempt.query(db).where({ appointmentId }).resultSize()) >= MAX_CALL_ATTEMPTS)
    throw new HttpError(422, `At most ${MAX_CALL_ATTEMPTS} call attempts can be logged on one appointment.`);
  await AppointmentCallAttempt.query(db).insert({
    appointmentId,
    userId,
    attemptedAt: toDbDate(now),
    outcome: input.outcome,
    durationSeconds: input.durationSeconds,
    createdAt: toDbDate(now),
  });
  return { at: now.toISOString(), source: 'logged', outcome: input.outcome, durationSeconds: input.durationSeconds };
}

/** An attempt that connected: answered, or longer than NO_SHOW_CONNECTED_SECONDS whatever its outcome. */

export const connected = (a: Pick<CallAttemptView, 'outcome' | 'durationSeconds'>) => a.outcome === 'answered' || a.durationSeconds > NO_SHOW_CONNECTED_SECONDS;

/**
 * Every attempt the agent made to the appointment's consumer up to `until`, oldest first: those logged from
 * the card, and the calls the caller system recorded (POST /api/callbacks/transfer) between this agent and
 * the consumer's phone number (the last 10 digits), a call over NO_SHOW_CONNECTED_SECONDS counting as answered.
 */
export async function attemptsOf(db: Db, appt: Pick<Appointment, 'id' | 'buyerId' | 'customerPhone'>, until: Date): Promise<CallAttemptView[]> {
  const logged = await AppointmentCallAttempt.query(db)
    .where({ appointmentId: appt.id })
    .where('attemptedAt', '<=', toDbDate(until))
    .select('attemptedAt', 'outcome', 'durationSeconds');
  const recorded = await PlatformCallAttempt.query(db)
    .where({ appointmentId: appt.id })
    .where('startedAt', '<=', toDbDate(until))
    .select('startedAt', 'outcome', 'durationSeconds');
  const key = appt.customerPhone ? callerPhoneKey(appt.customerPhone) : '';
  const calls =
    key.length === 10 && appt.buyerId
      ? await TransferCall.query(db)
          .where({ userId: appt.buyerId, callerPhoneKey: key })
          .where('startedAt', '<=', toDbDate(until))
          .select('startedAt', 'durationSeconds')
      : [];
  return [
    ...logged.map((a) => ({
      at: toIso(a.attemptedAt) ?? '',
      source: 'logged' as const,
      outcome: a.outcome as CallAttemptOutcome,
      durationSeconds: Number(a.durationSeconds),
    })),
    ...recorded.map((a) => ({
      at: toIso(a.startedAt) ?? '',
      source: 'platform' as const,
      outcome: a.outcome as CallAttemptOutcome,
      durationSeconds: Number(a.durationSeconds),
    })),
    ...calls.map((c) => {
      const durationSeconds = Number(c.durationSeconds);
      return {
        at: toIso(c.startedAt) ?? '',
        source: 'call_system' as const,
        outcome: (durationSeconds > NO_SHOW_CONNECTED_SECONDS ? 'answered' : 'no_answer') as CallAttemptOutcome,
        durationSeconds,
      };
    }),
  ].sort((x, y) => x.at.localeCompare(y.at));
}

/** The attempts the agent made on an appointment of theirs (for the card), oldest first. */
export async function myCallAttempts(db: Db, userId: number, appointmentId: number, now: Date): Promise<CallAttemptView[]> {
  const row = await owned(db, userId).where({ id: appointmentId }).select('id', 'buyerId', 'customerPhone').first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  return attemptsOf(db, row, now);
}

// ---------------------------------------------------------------------------------------------
// The calling platform's record of attempts (POST /api/callbacks/attempts, issue 33)

export const UNKNOWN_APPOINTMENT_MESSAGE = 'No sold appointment matches appointmentId or consumerPhone.';

/** The sold appointment an attempt is about: by id, or the one whose consumer has this phone (the latest due by then). */
async function appointmentForAttempt(db: Db, input: PlatformAttempt): Promise<Pick<Appointment, 'id' | 'buyerId'> | undefined> {
  if (input.appointmentId !== undefined) {
    return Appointment.query(db).where({ id: input.appointmentId, status: 'sold' }).whereNotNull('buyerId').select('id', 'buyerId').first();
  }
  const key = callerPhoneKey(input.consumerPhone!);
  // The phone is stored as typed; its last four digits narrow the rows, the 10-digit key decides.
  const rows = await Appointment.query(db)
    .where({ status: 'sold' })
    .whereNotNull('buyerId')
    .where('customerPhone', 'like', `%${key.slice(-4)}`)
    .select('id', 'buyerId', 'customerPhone', 'extractedAppointmentDateTime', 'extractedAppointmentDate', 'extractedAppointmentTime');
  const matches = rows.filter((r) => r.customerPhone && callerPhoneKey(r.customerPhone) === key);
  const due = (r: (typeof matches)[number]) => appointmentStart(r)?.getTime() ?? -Infinity;
  const started = Date.parse(input.startedAt);
  return (
    matches.filter((r) => due(r) <= started).sort((a, b) => due(b) - due(a) || Number(b.id) - Number(a.id))[0] ??
    matches.sort((a, b) => Number(b.id) - Number(a.id))[0]
  );
}

export interface PlatformAttemptRecorded {
  ok: true;
  duplicate: boolean;
  attempt: { callId: string; appointmentId: number; startedAt: string; durationSeconds: number; outcome: CallAttemptOutcome };
}

/**
 * Records the platform's attempt once per callId (a repeat answers the first record, 200 duplicate: true). Refused:
 * 404 unknown_appointment, 400 invalid_payload for a start in the future or more than 90 days ago.
 */
export async function recordPlatformAttempt(db: Db, input: PlatformAttempt, now: Date): Promise<PlatformAttemptRecorded> {
  const shape = (r: PlatformCallAttempt, duplicate: boolean): PlatformAttemptRecorded => ({
    ok: true,
    duplicate,
    attempt: {
      callId: r.callId,
      appointmentId: Number(r.appointmentId),
      startedAt: toIso(r.startedAt) ?? '',
      durationSeconds: Number(r.durationSeconds),
      outcome: r.outcome as CallAttemptOutcome,
    },
  });
  const existing = await PlatformCallAttempt.query(db).where({ callId: input.callId }).first();
  if (existing) return shape(existing, true);
  const started = Date.parse(input.startedAt);
  if (started > now.getTime() + 5 * 60_000)
    throw new TransferRefused(400, 'invalid_payload', 'startedAt is in the future', { startedAt: 'startedAt is in the future' });
  if (started < now.getTime() - 90 * 86_400_000) {
    throw new TransferRefused(400, 'invalid_payload', 'startedAt is more than 90 days ago', { startedAt: 'startedAt is more than 90 days ago' });
  }
  const appt = await appointmentForAttempt(db, input);
  if (!appt) throw new TransferRefused(404, 'unknown_appointment', UNKNOWN_APPOINTMENT_MESSAGE);
  const row = {
    callId: input.callId,
    appointmentId: Number(appt.id),
    startedAt: toDbDate(new Date(started)),
    durationSeconds: input.durationSeconds,
    outcome: input.outcome,
    createdAt: toDbDate(now),
  };
  try {
    const inserted = await PlatformCallAttempt.query(db).insert(row);
    return shape({ ...row, id: Number(inserted.id) } as PlatformCallAttempt, false);
  } catch (err) {
    // Two deliveries of the same call at once: the second answers the first's record.
    if (isUniqueViolation(err)) return shape((await PlatformCallAttempt.query(db).where({ callId: input.callId }).first())!, true);
    throw err;
  }
}
