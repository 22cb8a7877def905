// Appointment calendar (.ics, feed) and no-show reports (issue 19, item 3).
import { z } from 'zod';
import { recordingUrlSchema } from './recording-url.ts';

/** A no-show may be reported from the appointment time until this long after it (the last millisecond included). */
export const NO_SHOW_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long an appointment lasts in the calendar. */
export const APPOINTMENT_MINUTES = 30;

export const noShowSchema = z.object({
  callDurationSeconds: z
    .number({ error: 'callDurationSeconds must be the length of your call in seconds' })
    .int('callDurationSeconds must be whole seconds')
    .min(0, 'callDurationSeconds cannot be negative')
    .max(86_400, 'callDurationSeconds is too long'),
  recordingUrl: recordingUrlSchema,
  note: z
    .string()
    .trim()
    .max(1000, 'Note is at most 1000 characters')
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type NoShowInput = z.infer<typeof noShowSchema>;

export const noShowDecisionSchema = z.object({ reason: z.string().trim().max(500, 'Reason is at most 500 characters').optional() });
export const noShowDenySchema = z.object({
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(500, 'Reason is at most 500 characters'),
});

// ---------------------------------------------------------------------------------------------
// The evidence of a no-show (issue 29, item 2, decision 198): the agent's call attempts to the consumer.

/** A report is credited by the rules only with at least this many attempts after the callback time... */
export const NO_SHOW_MIN_ATTEMPTS = 2;
/** ...the first and the last at least this many minutes apart (two quick redials are one try)... */
export const NO_SHOW_MIN_SPREAD_MINUTES = 5;
/** ...and none answered: an attempt longer than this many seconds connected to someone (or something). */
export const NO_SHOW_CONNECTED_SECONDS = 10;
/** At most this many attempts may be logged on one appointment. */
export const MAX_CALL_ATTEMPTS = 20;

export const CALL_ATTEMPT_OUTCOMES = ['no_answer', 'voicemail', 'answered'] as const;
export type CallAttemptOutcome = (typeof CALL_ATTEMPT_OUTCOMES)[number];
export const CALL_ATTEMPT_OUTCOME_LABELS: Record<CallAttemptOutcome, string> = {
  no_answer: 'No answer',
  voicemail: 'Voicemail',
  answered: 'Answered',
};

/** A call attempt logged from the appointment card; its time is the server's time when it is logged. */
export const callAttemptSchema = z.object({
  outcome: z.enum(CALL_ATTEMPT_OUTCOMES, { error: 'outcome must be no_answer, voicemail or answered' }),
  durationSeconds: z
    .number({ error: 'durationSeconds must be the length of the call in seconds' })
    .int('durationSeconds must be whole seconds')
    .min(0, 'durationSeconds cannot be negative')
    .max(86_400, 'durationSeconds is too long'),
});
export type CallAttemptInput = z.infer<typeof callAttemptSchema>;

/**
 * POST /api/callbacks/attempts (issue 33): the calling platform's record of one attempt to reach an appointment's
 * consumer, sent with the transfer key. `consumerPhone` may stand in for `appointmentId`; a repeated `callId` is
 * the same attempt. Only attempts the platform recorded can credit a no-show.
 */
export const platformAttemptSchema = z
  .object({
    appointmentId: z.number({ error: 'appointmentId must be an appointment id' }).int('appointmentId must be an appointment id').positive().optional(),
    consumerPhone: z
      .string({ error: 'consumerPhone must be a phone number' })
      .trim()
      .regex(/^\+?[\d\s().-]{7,25}$/, 'consumerPhone must be a phone number')
      .refine((v) => v.replace(/\D/g, '').length >= 10, 'consumerPhone must have at least 10 digits')
      .optional(),
    callId: z
      .string({ error: 'callId is required' })
      .trim()
      .min(1, 'callId is required')
      .max(128, 'callId is at most 128 characters')
      .regex(/^[A-Za-z0-9._:@-]+$/, 'callId may use letters, digits and . _ : @ -'),
    startedAt: z.iso.datetime({ offset: true, error: 'startedAt must be an ISO 8601 date and time' }),
    durationSeconds: callAttemptSchema.shape.durationSeconds,
    outcome: callAttemptSchema.shape.outcome,
  })
  .refine((v) => v.appointmentId !== undefined || v.consumerPhone !== undefined, {
    path: ['appointmentId'],
    message: 'Give appointmentId or consumerPhone',
  });
export type PlatformAttemptInput = z.input<typeof platformAttemptSchema>;
export type PlatformAttempt = z.output<typeof platformAttemptSchema>;

/**
 * One attempt: logged (typed by the agent from the card: the agent's account, it decides nothing), platform (the
 * calling platform's record, POST /api/callbacks/attempts), or call_system (a transfer call the platform recorded
 * between the agent and the consumer's phone).
 */
export interface CallAttemptView {
  at: string;
  source: 'logged' | 'call_system' | 'platform';
  outcome: CallAttemptOutcome;
  durationSeconds: number;
}

/** What the rules looked at when the report was filed, and what they concluded. */
export interface NoShowEvidence {
  /** The appointment's callback time. */
  callbackTime: string;
  /** When the evidence was read (the report's time). */
  checkedAt: string;
  /** The attempts the platform recorded from the callback time to the report, oldest first: what the rule counts. */
  attempts: CallAttemptView[];
  /** The attempts the agent typed: the agent's own account, shown apart, deciding nothing (absent before issue 33). */
  typed?: CallAttemptView[];
  /** True when the attempts show nobody answered (the report was credited). */
  supported: boolean;
  /** The rule's findings, in words (why it was credited, or why it waits for an admin). */
  findings: string[];
}

export type NoShowStatus = 'credited' | 'pending' | 'approved' | 'denied';
export interface NoShowView {
  id: number;
  appointmentId: number;
  status: NoShowStatus;
  callDurationSeconds: number;
  bufferSeconds: number;
  recordingUrl: string | null;
  note: string | null;
  creditCents: number;
  decisionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** rules: credited automatically from the evidence; admin: approved or denied by an admin; null: waiting. */
  decidedBy: 'rules' | 'admin' | null;
  /** The evidence the rules used (null for reports filed before the rules). */
  evidence: NoShowEvidence | null;
}

/** When an appointment takes place, from the fields the voice-AI platform fills; null when unknown. */
export function appointmentStart(a: {
  extractedAppointmentDateTime?: string | null;
  extractedAppointmentDate?: string | null;
  extractedAppointmentTime?: string | null;
}): Date | null {
  const tryParse = (s: string | null | undefined) => {
    if (!s) return null;
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t);
  };
  const iso = a.extractedAppointmentDateTime?.trim();
  if (iso && /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) {
    // A time without a zone is read as UTC (the platform sends UTC).
    return tryParse(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
  }
  if (
    a.extractedAppointmentDate &&
    a.extractedAppointmentTime &&
    /^\d{4}-\d{2}-\d{2}$/.test(a.extractedAppointmentDate) &&
    /^\d{2}:\d{2}$/.test(a.extractedAppointmentTime)
  ) {
    return tryParse(`${a.extractedAppointmentDate}T${a.extractedAppointmentTime}:00Z`);
  }
  return null;
}

/** The window an appointment time must fall in (issue 35 A4): from 5 years before now to 2 years after. */
export const APPOINTMENT_TIME_YEARS_BEFORE = 5;
export const APPOINTMENT_TIME_YEARS_AFTER = 2;
export const APPOINTMENT_TIME_INVALID = 'Must be a real date and time, such as 2026-12-01T15:00:00-05:00';
export const APPOINTMENT_TIME_OUT_OF_RANGE = `Must be within ${APPOINTMENT_TIME_YEARS_BEFORE} years before and ${APPOINTMENT_TIME_YEARS_AFTER} years after today`;

const DATE_LIKE = /^[+-]?\d+-\d+-\d+/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * What is wrong with an appointment time as the voice-AI platform or an admin gives it, or null when it
 * may be stored. Text that starts like a date (digits-digits-digits) must be a real ISO 8601 date (time
 * optional, no zone = UTC) whose instant lies in the window around `now`: "1900-01-01", "0000-00-00",
 * "275760-01-01" and "2026-02-30T25:61" are refused. Other text ("Tuesday 3pm") is kept as a note and
 * never reaches a calendar (appointmentStart gives null for it), as the platform has always sent it.
 */
export function appointmentTimeProblem(text: string, now: Date): string | null {
  const t = text.trim();
  if (!DATE_LIKE.test(t)) return null;
  const m = ISO_TIME.exec(t);
  if (!m) return APPOINTMENT_TIME_INVALID;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  const [Y, M, D, H, MI, S] = [y, mo, d, h, mi, sec].map(Number) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(Y, M - 1, D));
  if (M < 1 || M > 12 || D < 1 || day.getUTCMonth() !== M - 1 || day.getUTCDate() !== D || H > 23 || MI > 59 || S > 59) return APPOINTMENT_TIME_INVALID;
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(-2)) > 59)) return APPOINTMENT_TIME_INVALID;
  const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}${!zone || zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
  if (Number.isNaN(at)) return APPOINTMENT_TIME_INVALID;
  const from = new Date(now.getTime());
  from.setUTCFullYear(from.getUTCFullYear() - APPOINTMENT_TIME_YEARS_BEFORE);
  const to = new Date(now.getTime());
  to.setUTCFullYear(to.getUTCFullYear() + APPOINTMENT_TIME_YEARS_AFTER);
  return at < from.getTime() || at > to.getTime() ? APPOINTMENT_TIME_OUT_OF_RANGE : null;
}
