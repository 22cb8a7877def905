// Disputes of a delivered call and their decisions (by the evidence rules or an admin), and the audit
// log's query and entries.
import { z } from 'zod';
import type { CallEndedBy } from './transfer-calls.ts';
import { MAX_TRANSFERS_PAGE_SIZE, TRANSFERS_PAGE_SIZE, intParam, type CallStatus, type DisputeStatus } from './transfer-fields.ts';

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
