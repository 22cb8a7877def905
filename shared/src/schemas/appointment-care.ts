// Appointment calendar (.ics, feed) and no-show reports (issue 19, item 3).
import { z } from 'zod';

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
  recordingUrl: z
    .union([
      z.literal('').transform(() => null),
      z.null(),
      z
        .string()
        .trim()
        .max(1000, 'Recording URL is too long')
        .pipe(z.url({ protocol: /^https?$/, error: 'Recording URL must be an http(s) URL' })),
    ])
    .optional()
    .transform((v) => v ?? null),
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
