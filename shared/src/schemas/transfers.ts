// The transfer ledger: the delivered-call callback and the admin's hand entry, the agent's controls,
// list filters, disputes and their decisions, and the shapes the API answers. Used by the portal forms
// and the API routes alike.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isDateKey, isHhMm, isValidTimeZone, type AgentControls, type PauseReason, type RefusalReason } from '../logic/transfer-rules.ts';
import { isUsStateCode } from '../us-states.ts';
import { consentFields } from './consent.ts';
import type { OrderFigures } from './payments.ts';
import type { Page } from './paging.ts';
import type { ReceiptItemLines } from './receipt-lines.ts';
import { recordingUrlSchema } from './recording-url.ts';

export const MAX_TRANSCRIPT_CHARS = 60_000;
export const TRANSFERS_PAGE_SIZE = 25;
export const MAX_TRANSFERS_PAGE_SIZE = 100;
export const MAX_CALLS_PER_DAY = 1000;

export const DISPUTE_REASONS = [
  { code: 'out_of_state', label: 'Out of state' },
  { code: 'not_qualified', label: 'Not qualified' },
  { code: 'wrong_number', label: 'Wrong number' },
  { code: 'hung_up_before_questions', label: 'Hung up before questions' },
  { code: 'other', label: 'Other' },
] as const;
export type DisputeReasonCode = (typeof DISPUTE_REASONS)[number]['code'];
const DISPUTE_CODES = DISPUTE_REASONS.map((r) => r.code) as [DisputeReasonCode, ...DisputeReasonCode[]];
export function disputeReasonLabel(code: string): string {
  return DISPUTE_REASONS.find((r) => r.code === code)?.label ?? code;
}

export type CallStatus = 'billed' | 'no_charge' | 'credited';
export type DisputeStatus = 'pending' | 'approved' | 'denied';

// ---------------------------------------------------------------------------------------------
// Field pieces

const stateCode = (message = 'State must be a two-letter US state code such as FL') =>
  z.string({ error: message }).trim().toUpperCase().refine(isUsStateCode, message);

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

// ---------------------------------------------------------------------------------------------
// Agent controls

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

// ---------------------------------------------------------------------------------------------
// Lists and filters

const dateParam = (name: string) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, z.string().refine(isDateKey, `${name} must be a date such as 2026-07-31`).optional());
const intParam = (fallback: number, min: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(Array.isArray(v) ? v[0] : v)),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

/** GET /api/transfers and its CSV: dates are calendar dates in the agent's time zone, both included. */
export const transfersQuerySchema = z
  .object({
    from: dateParam('From'),
    to: dateParam('To'),
    state: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, stateCode('State must be a two-letter US state code such as FL').optional()),
    billing: z.preprocess(
      (v) => (Array.isArray(v) ? v[0] : v) || undefined,
      z.enum(['billed', 'no_charge', 'credited'], { error: 'Unknown billing filter' }).optional(),
    ),
    page: intParam(1, 1, 1_000_000, 'Page'),
    pageSize: intParam(TRANSFERS_PAGE_SIZE, 1, MAX_TRANSFERS_PAGE_SIZE, 'Page size'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'To must not be before From' });
export type TransfersQuery = z.output<typeof transfersQuerySchema>;

/** The one page type (schemas/paging.ts), under the name the transfer lists import. */
export type Paged<T> = Page<T>;

/** A transcript line (with its [mm:ss] stamp, or null) or a piece of the call's data that a decision rested on. */
export interface DisputeEvidence {
  quote: string;
  at: string | null;
}

export interface DisputeSummary {
  id: number;
  status: DisputeStatus;
  reasonCode: DisputeReasonCode;
  reasonLabel: string;
  reasonText: string | null;
  decisionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** Who decided: the evidence rules at filing, an admin, or nobody yet. */
  decidedBy: 'rules' | 'admin' | null;
  /** What the rules quoted (kept when the agent asks for a human review). */
  evidence: DisputeEvidence[];
  /** When the agent asked for a human review of a rule's denial (once only). */
  reviewRequestedAt: string | null;
}

export interface TransferCallView {
  id: number;
  callId: string;
  source: 'callback' | 'manual';
  callerName: string;
  callerPhone: string;
  state: string;
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  recordingUrl: string | null;
  transcript: string | null;
  billable: boolean;
  status: CallStatus;
  chargeCents: number;
  /** 'No charge: under buffer', or why a short call was billed anyway. */
  billingNote: string | null;
  bufferSeconds: number;
  orderId: number | null;
  recordedAt: string;
  dispute: DisputeSummary | null;
  disputeDeadline: string | null;
  canDispute: boolean;
}

export interface TransfersPage extends Paged<TransferCallView> {
  timeZone: string;
}

export interface TransferLotView {
  orderId: number;
  kind: string;
  tier: string | null;
  label: string;
  paidAt: string | null;
  /** Transfers the lot holds now (bought less those refunded). */
  count: number;
  used: number;
  remaining: number;
  /** Transfers the order bought. */
  bought: number;
  /** Transfers taken back by refunds. */
  refunded: number;
  unitPriceCents: number;
  bufferSeconds: number;
}

export interface TransferBalanceView {
  /** Transfers left across every paid order. */
  remaining: number;
  purchased: number;
  lots: TransferLotView[];
  billedCount: number;
  noChargeCount: number;
  creditedCount: number;
  /** Charged and not credited back. */
  spentCents: number;
  creditedCents: number;
  pausedNow: boolean;
  pausedReason: PauseReason | null;
  resumeDate: string | null;
}

// ---------------------------------------------------------------------------------------------
// Disputes

/** POST /api/transfers/:id/disputes. 'other' needs the agent's own words. */
/** Free text of at most 1000 characters; empty or missing is null. */
const optionalNote = () =>
  z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const disputeSchema = z
  .object({
    reasonCode: z.enum(DISPUTE_CODES, { error: 'Please choose a reason' }),
    reasonText: optionalNote(),
  })
  .superRefine((v, ctx) => {
    if (v.reasonCode === 'other' && !v.reasonText) ctx.addIssue({ code: 'custom', path: ['reasonText'], message: 'Please describe the problem' });
  });
export type DisputeInput = z.input<typeof disputeSchema>;

export const approveDisputeSchema = z.object({
  note: optionalNote(),
});
export const denyDisputeSchema = z.object({
  reason: z.string({ error: 'Please give a reason for the denial' }).trim().min(1, 'Please give a reason for the denial').max(1000, 'At most 1000 characters'),
});
export type DenyDisputeInput = z.input<typeof denyDisputeSchema>;

export const disputeQueueQuerySchema = z.object({
  status: z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || 'pending', z.enum(['pending', 'approved', 'denied', 'all'], { error: 'Unknown status' })),
  page: intParam(1, 1, 1_000_000, 'Page'),
  pageSize: intParam(TRANSFERS_PAGE_SIZE, 1, MAX_TRANSFERS_PAGE_SIZE, 'Page size'),
});

/**
 * The evidence an automatic decision may rest on (issue 33, docs/product/rules.md#evidence-no-one-can-shape): none
 * of it shaped by the agent who gains the credit.
 */
export const EVIDENCE_SOURCE_LABELS = {
  caller_words: "the caller's own words",
  platform_record: "the calling platform's record of the call",
  delivery_record: 'what the product recorded at delivery',
} as const;
export type EvidenceSourceName = keyof typeof EVIDENCE_SOURCE_LABELS;

/** What the rules read when a dispute was filed: the rule, the evidence it reads, and what it decided or why it stopped short. */
export interface DisputeRuleReading {
  rule: string;
  reads: EvidenceSourceName[];
  decision: 'approve' | 'deny' | 'human';
  /** Why it decided, or why it stopped short and left the dispute to an admin. */
  summary: string;
  evidence: DisputeEvidence[];
}

export interface AdminDisputeView extends DisputeSummary {
  /** What the rules read at filing (null for disputes filed before issue 33). */
  reading: DisputeRuleReading | null;
  /** The agent's own account, kept apart from the evidence: it can send a dispute to an admin, never approve it. */
  agentAccount: { reasonLabel: string; reasonText: string | null };
  agent: { id: number; name: string; email: string };
  call: {
    id: number;
    callId: string;
    callerName: string;
    callerPhone: string;
    state: string;
    startedAt: string;
    durationSeconds: number;
    bufferSeconds: number;
    chargeCents: number;
    orderId: number | null;
    status: CallStatus;
    /** Who ended the call, from the platform's record (null: not said). */
    endedBy: CallEndedBy;
  };
  /** Attached when the dispute was filed. */
  attachments: { recordingUrl: string | null; transcript: string | null };
  /** The admin who decided it (null when pending or decided by the rules). */
  decider: { id: number; name: string } | null;
}

export const auditQuerySchema = z.object({
  agentId: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(Array.isArray(v) ? v[0] : v)), z.number().int().positive().optional()),
  entity: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v) || undefined,
    z.enum(['call', 'dispute', 'settings', 'agent'], { error: 'Unknown entity' }).optional(),
  ),
  page: intParam(1, 1, 1_000_000, 'Page'),
  pageSize: intParam(50, 1, MAX_TRANSFERS_PAGE_SIZE, 'Page size'),
});

export interface AuditEntryView {
  id: number;
  at: string;
  actor: { type: 'agent' | 'admin' | 'system' | 'caller'; id: number | null; name: string | null };
  action: string;
  entity: string;
  entityId: number | null;
  agent: { id: number; name: string } | null;
  before: unknown;
  after: unknown;
}

// ---------------------------------------------------------------------------------------------
// Ledger and receipts

export type LedgerEntryType = 'purchase' | 'credit' | 'refund';

export interface LedgerEntry {
  /** Stable id: 'order-12', 'credit-7', 'refund-12'. */
  id: string;
  at: string;
  type: LedgerEntryType;
  orderId: number | null;
  disputeId: number | null;
  description: string;
  /** Transfers added to the balance (0 for orders that are not transfers). */
  transfers: number;
  /** Money paid (purchase), or the value credited back or refunded. */
  amountCents: number;
  receiptPath: string | null;
}

/** A refund on a receipt: what went back to the card and what it took out of the balance. */
export interface ReceiptRefund {
  id: number;
  amountCents: number;
  at: string | null;
  /** Transfers taken back (0 for a money-only refund). */
  transfers: number;
  /** A goodwill refund: money back, no transfers taken back. */
  moneyOnly: boolean;
}

/** A receipt's status: paid, partly refunded, or refunded in full. */
export type ReceiptStatus = 'paid' | 'partially_refunded' | 'refunded';
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export interface ReceiptView extends OrderFigures, ReceiptItemLines {
  status: ReceiptStatus;
  description: string;
  /** What the unit price was (decision 186): "Standard tier, public price", "Agent rate", "Your negotiated price". */
  priceBasis: string | null;
  paymentReference: string | null;
  buyer: { name: string; email: string; agencyName: string; phone: string };
  /** Every refund of the order, oldest first. */
  refunds: ReceiptRefund[];
  refundedCents: number;
  netPaidCents: number; // what the buyer paid after refunds (amount - refunded)
  transfers: { bufferSeconds: number; used: number; remaining: number; credits: number; refunded: number } | null;
}

/** What the callback answers when it records (201) or recognises a repeat (200). */
export interface TransferCallbackAccepted {
  ok: true;
  duplicate: boolean;
  call: { id: number; callId: string; billable: boolean; status: CallStatus; chargeCents: number; billingNote: string | null; orderId: number | null };
  balanceRemaining: number;
  agentPaused: boolean;
}

/** What a refusal answers (4xx): reason is a stable code for the caller system's log. */
export interface TransferCallbackRefused {
  error: string;
  reason: RefusalReason;
  fields?: Record<string, string>;
}
