// Purchased appointments in the agent's calendar (.ics per appointment, a secret feed URL per agent)
// and no-show reports: within 24 hours of the appointment time, credited at once only when the evidence
// supports it (the calling platform's record of attempts after the callback time shows nobody answered:
// judgeNoShow, decisions 198 and 212), otherwise queued for an admin with the evidence shown. Attempts the
// agent types are the agent's account: shown apart, they decide nothing.
import crypto from 'node:crypto';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { TIERS } from '@tm/shared';
import { callerPhoneKey } from '@tm/shared/logic/transfer-rules';
import {
  APPOINTMENT_MINUTES,
  MAX_CALL_ATTEMPTS,
  NO_SHOW_CONNECTED_SECONDS,
  NO_SHOW_MIN_ATTEMPTS,
  NO_SHOW_MIN_SPREAD_MINUTES,
  NO_SHOW_WINDOW_MS,
  appointmentStart,
  type CallAttemptInput,
  type CallAttemptOutcome,
  type CallAttemptView,
  type NoShowEvidence,
  type NoShowInput,
  type NoShowStatus,
  type NoShowView,
  type PlatformAttempt,
} from '@tm/shared/schemas/appointment-care';
import type { ModelObject } from 'objection';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, conflict, forbidden, notFound } from '../../errors.ts';
import { Appointment, AppointmentCallAttempt, AppointmentNoShow, CalendarFeed, PlatformCallAttempt, TransferCall, User } from '../../models/index.ts';
import { TransferRefused } from '../transfers/errors.ts';
import { OWN_CASE_SUMMARY } from '../transfers/disputes.service.ts';
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

/**
 * The event as ics text, or null when the calendar library refuses it (a date stored before dates were
 * checked at every door, such as 1900-01-01: issue 35 A4). Logged with the appointment's id.
 */
function eventText(row: Appointment, event: EventAttributes, logger?: Pick<Logger, 'warn'>): string | null {
  let made: ReturnType<typeof createEvent>;
  try {
    made = createEvent(event);
  } catch (err) {
    made = { error: err as Error, value: null };
  }
  if (!made.error && made.value) return made.value;
  logger?.warn({ appointmentId: Number(row.id), err: made.error }, 'appointment left out of the calendar: its time does not make an event');
  return null;
}

/** One purchased appointment as an .ics file; 404 for anyone else's, 422 when it has no usable time. */
export async function appointmentIcs(db: Db, userId: number, id: number, origin: string, logger?: Pick<Logger, 'warn'>): Promise<string> {
  const row = await owned(db, userId).where({ id }).first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  const event = eventOf(row, origin);
  const text = event ? eventText(row, event, logger) : null;
  if (!text) throw new HttpError(422, 'This appointment has no time set, so it cannot go in a calendar.');
  return text;
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
export async function feedIcs(db: Db, secret: string, origin: string, logger?: Pick<Logger, 'warn'>): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(secret)) return null;
  // A deactivated agent's feed answers 404 (issue 34 item 5); deactivation also deletes it.
  const feed = await CalendarFeed.query(db)
    .alias('f')
    .join(`${User.tableName} as u`, 'u.id', 'f.userId')
    .where('f.secretHash', hash(secret))
    .whereNull('u.deactivatedAt')
    .select('f.userId')
    .first();
  if (!feed) return null;
  const rows = await owned(db, Number(feed.userId)).whereNull('buyerDeletedAt').orderBy('id');
  // An event the library refuses is left out (and logged), never the whole feed (issue 35 A4).
  const events = rows.flatMap((r) => {
    const e = eventOf(r, origin);
    return e && eventText(r, e, logger) !== null ? [e] : [];
  });
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
// Call attempts: the evidence of a no-show

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
const connected = (a: Pick<CallAttemptView, 'outcome' | 'durationSeconds'>) => a.outcome === 'answered' || a.durationSeconds > NO_SHOW_CONNECTED_SECONDS;

/**
 * Every attempt the agent made to the appointment's consumer up to `until`, oldest first: those logged from
 * the card, and the calls the caller system recorded (POST /api/callbacks/transfer) between this agent and
 * the consumer's phone number (the last 10 digits), a call over NO_SHOW_CONNECTED_SECONDS counting as answered.
 */
async function attemptsOf(db: Db, appt: Pick<Appointment, 'id' | 'buyerId' | 'customerPhone'>, until: Date): Promise<CallAttemptView[]> {
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The rule (decision 198): a no-show is supported when, from the callback time to the report, there were at
 * least NO_SHOW_MIN_ATTEMPTS attempts, the first and the last at least NO_SHOW_MIN_SPREAD_MINUTES apart, and
 * none connected. Attempts before the callback time do not count. The agent's own report (its call length,
 * its recording) is never part of it.
 */
export function judgeNoShow(callbackTime: Date, every: CallAttemptView[], now: Date, opts: { filedByAdmin?: boolean } = {}): NoShowEvidence {
  // Issue 33: only the platform's record counts; what the agent typed is the agent's account, shown apart. It may
  // send the report to an admin (an attempt the agent says was answered), never credit it.
  const typed = every.filter((a) => a.source === 'logged');
  const all = every.filter((a) => a.source !== 'logged');
  const attempts = all.filter((a) => a.at >= callbackTime.toISOString());
  const before = all.length - attempts.length;
  const findings: string[] = [];
  const typedConnected = typed.filter((a) => a.at >= callbackTime.toISOString() && connected(a));
  if (typed.length) {
    findings.push(
      `${plural(typed.length, 'attempt')} typed by the agent ${typed.length === 1 ? 'is' : 'are'} the agent's own account: shown to the admin, ${typed.length === 1 ? 'it decides' : 'they decide'} nothing.`,
    );
  }
  if (typedConnected.length) findings.push(`The agent's own account says ${plural(typedConnected.length, 'attempt')} connected.`);
  if (opts.filedByAdmin) findings.push(OWN_CASE_SUMMARY);
  if (before > 0) findings.push(`${plural(before, 'attempt')} before the callback time ${before === 1 ? 'does' : 'do'} not count.`);
  const answered = attempts.filter(connected);
  const spreadMinutes = attempts.length >= 2 ? Math.floor((Date.parse(attempts[attempts.length - 1]!.at) - Date.parse(attempts[0]!.at)) / 60_000) : 0;
  if (attempts.length === 0) findings.push('The calling platform recorded no call attempt after the callback time.');
  else if (attempts.length < NO_SHOW_MIN_ATTEMPTS)
    findings.push(`Only ${plural(attempts.length, 'attempt')} after the callback time (at least ${NO_SHOW_MIN_ATTEMPTS} are needed).`);
  else if (spreadMinutes < NO_SHOW_MIN_SPREAD_MINUTES)
    findings.push(`The first and last attempts were ${plural(spreadMinutes, 'minute')} apart (at least ${NO_SHOW_MIN_SPREAD_MINUTES} are needed).`);
  // Attempts are named by their place in the list (the list is in the evidence, oldest first).
  attempts.forEach((a, i) => {
    if (!connected(a)) return;
    findings.push(
      a.source !== 'call_system' && a.outcome === 'answered'
        ? `Attempt ${i + 1} was answered.`
        : `Attempt ${i + 1} lasted ${a.durationSeconds} s (over ${NO_SHOW_CONNECTED_SECONDS} s: it connected).`,
    );
  });
  const supported =
    !opts.filedByAdmin &&
    typedConnected.length === 0 &&
    attempts.length >= NO_SHOW_MIN_ATTEMPTS &&
    spreadMinutes >= NO_SHOW_MIN_SPREAD_MINUTES &&
    answered.length === 0;
  if (supported) {
    findings.unshift(
      `${plural(attempts.length, 'attempt')} after the callback time over ${plural(spreadMinutes, 'minute')}, none answered (none over ${NO_SHOW_CONNECTED_SECONDS} s).`,
    );
  } else findings.push('An admin decides this report.');
  return { callbackTime: callbackTime.toISOString(), checkedAt: now.toISOString(), attempts, typed, supported, findings };
}

// ---------------------------------------------------------------------------------------------
// No-shows

type NoShowRow = Omit<ModelObject<AppointmentNoShow>, 'decidedBy' | 'decidedByUser' | 'user' | 'appointment'>;
const parseEvidence = (json: string | null | undefined): NoShowEvidence | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as NoShowEvidence;
  } catch {
    return null;
  }
};
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
  decidedBy: r.status === 'credited' ? 'rules' : r.status === 'approved' || r.status === 'denied' ? 'admin' : null,
  evidence: parseEvidence(r.evidenceJson),
});

/**
 * Reports a no-show. Allowed from the appointment time to 24 hours after it (both ends included), once.
 * Credited at once (status credited, decided by the rules) only when the call attempts support it
 * (judgeNoShow); otherwise it waits in the admin queue with the evidence. The agent's word alone (the
 * call length and recording in the report) never credits anything (issue 27 L4), and an admin never
 * decides a report of their own (separation of duties, as for disputes). Either way the evidence is kept
 * on the report and the rules' decision is in the audit log.
 */
export async function reportNoShow(db: Db, userId: number, appointmentId: number, input: NoShowInput, now: Date): Promise<NoShowView> {
  const row = await owned(db, userId).where({ id: appointmentId }).first();
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  const start = appointmentStart(row);
  if (!start) throw new HttpError(422, 'This appointment has no time set, so a no-show cannot be checked against it.');
  if (now.getTime() < start.getTime()) throw new HttpError(422, 'A no-show can be reported once the appointment time has passed.');
  if (now.getTime() > start.getTime() + NO_SHOW_WINDOW_MS) throw new HttpError(422, 'No-show reports close 24 hours after the appointment time.');
  const reporter = await User.query(db).findById(userId).select('isAdmin');
  const evidence = judgeNoShow(start, await attemptsOf(db, row, now), now, { filedByAdmin: Boolean(reporter?.isAdmin) });
  const credited = evidence.supported;
  const record = {
    appointmentId,
    userId,
    callDurationSeconds: input.callDurationSeconds,
    recordingUrl: input.recordingUrl,
    note: input.note ?? null,
    bufferSeconds: NO_ANSWER_BUFFER_SECONDS,
    status: (credited ? 'credited' : 'pending') as NoShowStatus,
    creditCents: credited ? priceOf(row) : 0,
    decidedAt: credited ? toDbDate(now) : null,
    decisionReason: credited ? evidence.findings[0]! : null,
    createdAt: toDbDate(now),
    evidenceJson: JSON.stringify(evidence),
  };
  try {
    const id = await db.transaction(async (trx) => {
      const inserted = await AppointmentNoShow.query(trx).insert(record);
      await recordAudit(trx, {
        actor: adminById(null),
        action: credited ? 'no_show.credited' : 'no_show.referred',
        entity: 'no_show',
        entityId: Number(inserted.id),
        userId,
        after: { status: record.status, creditCents: record.creditCents, findings: evidence.findings, attempts: evidence.attempts },
        at: now,
      });
      return Number(inserted.id);
    });
    return view({ ...record, id });
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
