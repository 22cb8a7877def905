// What partners and integrators exchange with TransferLine, as zod schemas for the OpenAPI document
// (shared/src/openapi/document.ts): the answers of the caller system's transfer callback and check, the
// voice-AI webhook's body and answer, personal API tokens and outcomes, and the CRM webhook events. The
// request bodies the server validates are the server's own schemas (transfers.ts, outcomes.ts, ...); these
// describe what it answers, and API tests check every documented answer they receive against them.
import { z } from 'zod';
import { CALLBACK_OPTIONAL_FIELDS, CALLBACK_REQUIRED_FIELDS } from './admin.ts';
import { CALLBACK_CONSENT_FIELDS, consentFields } from './consent.ts';
import { ITEM_TYPES, OUTCOME_STATUSES } from './outcomes.ts';
import { TEST_EVENT, WEBHOOK_EVENTS } from './webhooks.ts';

const iso = z.string().meta({ format: 'date-time' });
const id = z.number().int().positive();

/**
 * The number the caller system rings for this agent (decision 271): the agent's delivery phone from Transfer
 * Controls, in E.164. Optional in the contract (added in 1.1.0; in the call-back answer in 1.2.0, decision
 * 278): a reader of an earlier version may ignore it.
 */
const deliveryPhone = z
  .string()
  .regex(/^\+[1-9]\d{9,14}$/)
  .nullable()
  .optional()
  .meta({
    description:
      "The phone to ring for this agent, in E.164 (+15125550123): the delivery phone the agent set in Transfer Controls. null: the agent set none; ring the agent's number you already have (their account phone), as before this field. Added in 1.1.0 (TransferAccepted, TransferCheckAnswer) and 1.2.0 (CallbackDelivered).",
    example: '+15125550123',
  });

/** The one refusal shape of every endpoint: `{ error, fields?, code? }`. */
export const refusalSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, for a person.' }),
    fields: z.record(z.string(), z.string()).optional().meta({ description: 'The fields at fault, each with its message.' }),
    code: z.string().optional().meta({ description: 'A stable reason code where the endpoint has them.' }),
  })
  .meta({ id: 'Refusal' });

export const TRANSFER_REFUSAL_REASONS = [
  'unauthorized',
  'invalid_payload',
  'unknown_agent',
  'unknown_appointment',
  'call_id_conflict',
  'nothing_owed',
  'agent_paused',
  'agent_deactivated',
  'state_not_allowed',
  'outside_hours',
  'daily_cap_reached',
  'no_balance',
] as const;

/** A refusal of the transfer callback or check: the same shape, the reason again as `reason`. */
export const transferRefusalSchema = z
  .object({
    error: z.string(),
    code: z.enum(TRANSFER_REFUSAL_REASONS),
    reason: z.enum(TRANSFER_REFUSAL_REASONS).meta({ description: 'The same value as code (the published contract reads reason).' }),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'TransferRefusal' });

/** 201/200 of POST /api/callbacks/attempts: the attempt as recorded (the first record on a repeated callId). */
export const attemptRecordedSchema = z
  .object({
    ok: z.literal(true),
    duplicate: z.boolean().meta({ description: 'true: this callId was recorded before; the first record is answered.' }),
    attempt: z.object({
      callId: z.string(),
      appointmentId: z.number().int(),
      startedAt: z.string().meta({ description: 'ISO 8601, UTC' }),
      durationSeconds: z.number().int(),
      outcome: z.enum(['no_answer', 'voicemail', 'answered']),
    }),
  })
  .meta({ id: 'AttemptRecorded' });

/** 201/200 of POST /api/callbacks/transfer for a transfer. */
export const transferAcceptedSchema = z
  .object({
    ok: z.literal(true),
    duplicate: z.boolean().meta({ description: 'true: this callId was recorded before; nothing was drawn again.' }),
    call: z.object({
      id,
      callId: z.string(),
      billable: z.boolean(),
      status: z.enum(['billed', 'no_charge', 'credited']),
      chargeCents: z.number().int().min(0),
      billingNote: z.string().nullable(),
      orderId: id.nullable(),
    }),
    balanceRemaining: z.number().int().meta({ description: 'Transfers the agent has left after this one.' }),
    agentPaused: z.boolean().meta({ description: 'The agent paused deliveries (or ran out) after this call.' }),
    deliveryPhone,
  })
  .meta({ id: 'TransferAccepted' });

/** 201/200 of POST /api/callbacks/transfer with kind "callback" (a RingCloud call-back delivered). */
export const callbackDeliveredSchema = z
  .object({
    ok: z.literal(true),
    duplicate: z.boolean(),
    kind: z.literal('callback'),
    orderId: id,
    fulfilmentStatus: z.string(),
    quantityDelivered: z.number().int().min(0),
    quantityOwed: z.number().int().min(0),
    deliveryPhone,
  })
  .meta({ id: 'CallbackDelivered' });

export const transferCheckAnswerSchema = z
  .object({ ok: z.literal(true), balanceRemaining: z.number().int(), deliveryPhone })
  .meta({ id: 'TransferCheckAnswer', description: 'The transfer would be taken now.' });

const webhookText = z.union([z.string(), z.number()]);
const consentSnake = Object.fromEntries(
  Object.entries(CALLBACK_CONSENT_FIELDS).map(([snake, camel]) => [snake, (consentFields as Record<string, z.ZodType>)[camel]!]),
) as Record<keyof typeof CALLBACK_CONSENT_FIELDS, z.ZodType>;

/** POST /api/callbacks/brightcall: the voice-AI platform's call, snake_case as it sends it. */
export const voiceWebhookBodySchema = z
  .object({
    ...(Object.fromEntries(CALLBACK_REQUIRED_FIELDS.map((f) => [f, webhookText])) as Record<(typeof CALLBACK_REQUIRED_FIELDS)[number], typeof webhookText>),
    ...(Object.fromEntries(CALLBACK_OPTIONAL_FIELDS.map((f) => [f, webhookText.nullable().optional()])) as Record<
      (typeof CALLBACK_OPTIONAL_FIELDS)[number],
      z.ZodOptional<z.ZodNullable<typeof webhookText>>
    >),
    email: z.string().nullable().optional(),
    ai_disclosure: z.string().max(5000).optional(),
    recording_url: z
      .url({ protocol: /^https?$/ })
      .max(1000)
      .optional(),
    ...consentSnake,
  })
  .meta({ id: 'VoiceWebhookCall' });

export const voiceWebhookAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    callback_id: id,
    appointment_id: id.nullable(),
    duplicate: z.boolean(),
  })
  .meta({ id: 'VoiceWebhookAnswer' });

export const apiTokenSchema = z.object({ id, name: z.string(), prefix: z.string(), createdAt: iso, lastUsedAt: iso.nullable() }).meta({ id: 'ApiToken' });
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export const apiTokenCreatedSchema = z.object({
  token: z.string().meta({ description: 'The token itself, shown this once: send it as Authorization: Bearer <token>.' }),
  apiToken: apiTokenSchema,
});

export const outcomeSavedSchema = z
  .object({
    itemType: z.enum(ITEM_TYPES),
    itemId: id,
    status: z.enum(OUTCOME_STATUSES.map((s) => s.code) as [string, ...string[]]),
    premiumCents: z.number().int().nullable(),
    date: z.string(),
    source: z.enum(['portal', 'api']),
  })
  .meta({ id: 'OutcomeSaved' });

// ---- CRM webhook events (sent by TransferLine to the agent's endpoint) ----

const leadData = z.object({
  lead: z.object({
    id,
    kind: z.enum(['aged', 'fresh']),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    ageRange: z.string().nullable(),
    formFillTime: z.string().nullable(),
    boughtAt: iso.nullable(),
    orderId: id.nullable(),
  }),
});
const appointmentData = z.object({
  appointment: z.object({
    id,
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    state: z.string().nullable(),
    appointmentAt: z.string().nullable(),
    leadQuality: z.string().nullable(),
    notes: z.string().nullable(),
    boughtAt: iso.nullable(),
    assigned: z.boolean(),
    orderId: id.nullable(),
  }),
});
const transferData = z.object({
  transfer: z.object({
    id,
    callId: z.string(),
    callerName: z.string().nullable(),
    callerPhone: z.string().nullable(),
    state: z.string().nullable(),
    startedAt: iso.nullable(),
    endedAt: iso.nullable(),
    durationSeconds: z.number().int(),
    billable: z.boolean(),
    chargeCents: z.number().int(),
    recordingUrl: z.string().nullable(),
  }),
});
const testData = z.object({ message: z.string(), webhookId: id });

const DATA = {
  'lead.bought': leadData,
  'appointment.bought': appointmentData,
  'appointment.assigned': appointmentData,
  'transfer.delivered': transferData,
  [TEST_EVENT]: testData,
} as const satisfies Record<(typeof WEBHOOK_EVENTS)[number] | typeof TEST_EVENT, z.ZodType>;

/** The signed envelope of one event type (header TransferLine-Signature: t=<unix>,v1=<hex HMAC-SHA256>). */
export function webhookEventSchema(type: keyof typeof DATA) {
  return z
    .object({
      id: z.string().meta({ description: 'evt_...: the same id on every retry or replay; store it to skip repeats.' }),
      type: z.literal(type),
      createdAt: iso,
      agentId: id,
      data: DATA[type],
    })
    .meta({ id: `WebhookEvent_${type.replace('.', '_')}` });
}
export const WEBHOOK_DOC_EVENTS = [...WEBHOOK_EVENTS, TEST_EVENT] as const;
