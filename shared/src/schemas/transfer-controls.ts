// The agent's Transfer Controls: the settings form's body and what the settings screen shows.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isDateKey, isHhMm, isValidTimeZone, type AgentControls } from '../logic/transfer-rules.ts';
import { stateCode } from './transfer-fields.ts';

export const MAX_CALLS_PER_DAY = 1000;

/** The delivery phone's message, on the onboarding survey and Transfer Controls alike. */
export const DELIVERY_PHONE_MESSAGE = 'Phone number must be at least 10 digits';

/** A phone of at least 10 digits, at most 32 characters, kept as typed (trimmed). */
export const deliveryPhoneSchema = z
  .string({ error: DELIVERY_PHONE_MESSAGE })
  .trim()
  .refine((v) => v.replace(/\D/g, '').length >= 10, DELIVERY_PHONE_MESSAGE)
  .refine((v) => v.length <= 32, 'Phone number is too long');

const hhmm = z
  .union([z.literal('').transform(() => null), z.null(), z.string().trim().refine(isHhMm, 'Use a time such as 09:00')])
  .optional()
  .transform((v) => v ?? null);

/** PUT /api/transfers/settings. Empty workingStates: every state; no hours: any time; no cap: no limit. */
export const transferSettingsSchema = z
  .object({
    callsPerDay: z
      .number({ error: 'Calls per day must be a number' })
      .int('Calls per day must be a whole number')
      .min(1, 'Calls per day must be at least 1')
      .max(MAX_CALLS_PER_DAY, `Calls per day must be at most ${MAX_CALLS_PER_DAY}`)
      .nullable()
      .default(null),
    workingStates: z
      .array(stateCode('Working states must be two-letter US state codes such as TX, FL'), { error: 'Working states must be a list' })
      .max(60)
      .default([])
      .transform((list) => [...new Set(list)].sort()),
    hoursStart: hhmm,
    hoursEnd: hhmm,
    timeZone: z.string({ error: 'Time zone is required' }).trim().default(DEFAULT_TIME_ZONE).refine(isValidTimeZone, 'Unknown time zone'),
    paused: z.boolean({ error: 'Paused must be true or false' }).default(false),
    resumeDate: z
      .union([z.literal('').transform(() => null), z.null(), z.string().trim().refine(isDateKey, 'Use a date such as 2026-07-31')])
      .optional()
      .transform((v) => v ?? null),
    /** Absent: kept as it is (a client that does not know the field changes nothing); '' or null: cleared. */
    deliveryPhone: z.union([z.literal('').transform(() => null), z.null(), deliveryPhoneSchema]).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.hoursStart === null) !== (v.hoursEnd === null)) {
      ctx.addIssue({ code: 'custom', path: [v.hoursStart === null ? 'hoursStart' : 'hoursEnd'], message: 'Give both a start and an end time, or neither' });
    } else if (v.hoursStart !== null && v.hoursStart === v.hoursEnd) {
      ctx.addIssue({ code: 'custom', path: ['hoursEnd'], message: 'The end time must differ from the start time' });
    }
    if (!v.paused && v.resumeDate !== null) {
      ctx.addIssue({ code: 'custom', path: ['resumeDate'], message: 'A resume date needs the pause switched on' });
    }
  });
export type TransferSettingsInput = z.input<typeof transferSettingsSchema>;
export type TransferSettingsValues = z.output<typeof transferSettingsSchema>;

/** The agent's controls (transfer-rules' AgentControls) with what the settings screen shows beside them. */
export interface TransferSettingsView extends AgentControls {
  /** Is the pause stopping transfers right now (a no-balance pause lifts with new balance)? */
  pausedNow: boolean;
  /** Calls recorded today, in the agent's zone. */
  callsToday: number;
}
