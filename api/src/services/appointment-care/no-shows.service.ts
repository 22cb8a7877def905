// No-show reports: within 24 hours of the appointment time, credited at once only when the evidence
// supports it (the calling platform's record of attempts after the callback time shows nobody answered:
// judgeNoShow, decisions 198 and 212), otherwise queued for an admin with the evidence shown. Attempts the
// agent types are the agent's account: shown apart, they decide nothing.
import { TIERS } from '@tm/shared';
import {
  NO_SHOW_CONNECTED_SECONDS,
  NO_SHOW_MIN_ATTEMPTS,
  NO_SHOW_MIN_SPREAD_MINUTES,
  NO_SHOW_WINDOW_MS,
  appointmentStart,
  type CallAttemptView,
  type NoShowEvidence,
  type NoShowInput,
  type NoShowStatus,
  type NoShowView,
} from '@tm/shared/schemas/appointment-care';
import type { ModelObject } from 'objection';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, conflict, forbidden, notFound } from '../../errors.ts';
import { Appointment, AppointmentNoShow, User } from '../../models/index.ts';
import { OWN_CASE_SUMMARY } from '../transfers/disputes.service.ts';
import { appointmentPriceCents } from '../appointments/appointments.service.ts';
import { adminById, recordAudit } from '../audit/audit.service.ts';
import { APPOINTMENT_NOT_FOUND, owned } from './owned.ts';
import { attemptsOf, connected } from './call-attempts.service.ts';

/** Under this many seconds the agent's call counts as not answered (the standard tier's transfer buffer). */
export const NO_ANSWER_BUFFER_SECONDS = TIERS.standard.bufferSeconds;

/** What the agent paid for it: nothing when an admin assigned it (so a no-show credits nothing). */
const priceOf = (a: Pick<Appointment, 'priceCents'> & Partial<Pick<Appointment, 'assignedAt'>>) =>
  a.assignedAt ? 0 : appointmentPriceCents({ priceCents: a.priceCents });

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
