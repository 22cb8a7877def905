// The delivered-call callback, the platform's check before a transfer, and the admin's hand entry of a
// call, with what the callback answers.
import { z } from 'zod';
import type { RefusalReason } from '../logic/transfer-rules.ts';
import { consentFields } from './consent.ts';
import { recordingUrlSchema } from './recording-url.ts';
import { stateCode, type CallStatus } from './transfer-fields.ts';

export const MAX_TRANSCRIPT_CHARS = 60_000;

const isoInstant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time with a time zone, such as 2026-07-15T14:05:00Z` });

const callerPhone = z
  .string({ error: 'Caller phone is required' })
  .trim()
  .transform((s) => s.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{10,15}$/, 'Caller phone must be 10 to 15 digits'));

const transcript = z
  .string()
  .max(MAX_TRANSCRIPT_CHARS, `Transcript must be at most ${MAX_TRANSCRIPT_CHARS} characters`)
  .optional()
  .nullable()
  .transform((v) => (v && v.trim() ? v : null));

/** The longest call: an explicit durationSeconds, and the time between startedAt and endedAt, at most this. */
export const MAX_CALL_SECONDS = 86_400;
/** Call times outside these years are refused outright (the server narrows this to a window around now). */
export const CALL_YEARS = { min: 2000, max: 2100 } as const;

const callFields = {
  agentId: z.number({ error: 'agentId must be a user id' }).int().positive().optional(),
  agentEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'agentEmail must be an e-mail address' }))
    .optional(),
  callerName: z.string({ error: 'Caller name is required' }).trim().min(1, 'Caller name is required').max(200, 'Caller name is too long'),
  callerPhone,
  state: stateCode(),
  startedAt: isoInstant('startedAt'),
  endedAt: isoInstant('endedAt'),
  durationSeconds: z
    .number({ error: 'durationSeconds must be a number' })
    .int('durationSeconds must be whole seconds')
    .min(0)
    .max(MAX_CALL_SECONDS, `durationSeconds must be at most ${MAX_CALL_SECONDS} (24 hours)`)
    .optional(),
  recordingUrl: recordingUrlSchema,
  transcript,
  /** docs/product/rules.md#transfers-buffer-and-billing: the agent hung up after the caller's 'Yes', before the buffer: still billable. */
  agentHungUpAfterYes: z.boolean().optional(),
  /** The consumer's consent record (issue 19): kept with the call for the compliance file. */
  ...consentFields,
};

type CallShape = { agentId?: number; agentEmail?: string; startedAt: string; endedAt: string; durationSeconds?: number };

function checkCall(v: CallShape, ctx: z.RefinementCtx) {
  if (v.agentId === undefined && v.agentEmail === undefined) {
    ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'Give agentId or agentEmail' });
  }
  let outOfRange = false;
  for (const name of ['startedAt', 'endedAt'] as const) {
    const year = new Date(v[name]).getUTCFullYear();
    if (!(year >= CALL_YEARS.min && year < CALL_YEARS.max)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be a date between ${CALL_YEARS.min} and ${CALL_YEARS.max}` });
      outOfRange = true;
    }
  }
  if (outOfRange) return;
  const span = (new Date(v.endedAt).getTime() - new Date(v.startedAt).getTime()) / 1000;
  if (span > MAX_CALL_SECONDS) {
    // A duration computed from the times is held to the same limit as an explicit one.
    ctx.addIssue({ code: 'custom', path: ['endedAt'], message: `endedAt must be at most ${MAX_CALL_SECONDS} seconds (24 hours) after startedAt` });
  } else if (span < 0) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'endedAt must not be before startedAt' });
  else if (v.durationSeconds !== undefined && v.durationSeconds > span + 1) {
    ctx.addIssue({ code: 'custom', path: ['durationSeconds'], message: 'durationSeconds is longer than the time between startedAt and endedAt' });
  }
}

/**
 * POST /api/callbacks/transfer: one delivered transfer, posted by the caller system after the call.
 * The agent is named by agentId (user id) or agentEmail (both: they must be the same user). callId is the
 * caller system's own id: a repeat is answered with the call already recorded. durationSeconds defaults
 * to the whole seconds between startedAt (the transfer connected) and endedAt.
 */
/** Who ended a call, as the calling platform reports it on the transfer callback. */
export const CALL_ENDED_BY = ['caller', 'agent', 'platform'] as const;
export type CallEndedBy = (typeof CALL_ENDED_BY)[number] | null;

export const transferCallbackSchema = z
  .object({
    callId: z
      .string({ error: 'callId is required' })
      .trim()
      .min(1, 'callId is required')
      .max(128, 'callId is at most 128 characters')
      .regex(/^[A-Za-z0-9._:@-]+$/, 'callId may use letters, digits and . _ : @ -'),
    /** "callback": a delivered RingCloud call-back (counted on the agent's owed call-back order, no balance drawn). */
    kind: z.enum(['transfer', 'callback'], { error: 'kind must be "transfer" or "callback"' }).optional(),
    /** Who ended the call (issue 33): the platform's record, read by the hang-up dispute rule; null or absent: not said. */
    endedBy: z
      .enum(CALL_ENDED_BY, { error: 'endedBy must be "caller", "agent", "platform" or null' })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    ...callFields,
  })
  .superRefine(checkCall);
export type TransferCallbackInput = z.input<typeof transferCallbackSchema>;
export type TransferCallback = z.output<typeof transferCallbackSchema>;

/** POST /api/callbacks/transfer/check: would a transfer to this agent from this state be taken now? */
export const transferCheckSchema = z
  .object({ agentId: callFields.agentId, agentEmail: callFields.agentEmail, state: stateCode() })
  .refine((v) => v.agentId !== undefined || v.agentEmail !== undefined, { path: ['agentId'], message: 'Give agentId or agentEmail' });
export type TransferCheck = z.output<typeof transferCheckSchema>;

/** POST /api/admin/transfer-calls: a delivered call entered by hand (callId generated when blank). */
export const manualCallSchema = z
  .object({
    callId: z
      .string()
      .trim()
      .max(128, 'Call ID is at most 128 characters')
      .regex(/^[A-Za-z0-9._:@-]*$/, 'Call ID may use letters, digits and . _ : @ -')
      .optional()
      .transform((v) => (v ? v : undefined)),
    ...callFields,
  })
  .superRefine(checkCall);
export type ManualCallInput = z.input<typeof manualCallSchema>;
export type ManualCall = z.output<typeof manualCallSchema>;

/** What the callback answers when it records (201) or recognises a repeat (200). */
export interface TransferCallbackAccepted {
  ok: true;
  duplicate: boolean;
  call: { id: number; callId: string; billable: boolean; status: CallStatus; chargeCents: number; billingNote: string | null; orderId: number | null };
  balanceRemaining: number;
  agentPaused: boolean;
  /** The agent's delivery phone in E.164 (decision 271); null: ring the number you have for the agent. */
  deliveryPhone: string | null;
}

/** What a refusal answers (4xx): reason is a stable code for the caller system's log. */
export interface TransferCallbackRefused {
  error: string;
  reason: RefusalReason;
  fields?: Record<string, string>;
}
