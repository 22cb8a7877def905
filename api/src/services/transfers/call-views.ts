// A delivered call as the agent sees it, with its dispute's summary, and the caller system's answer to a
// recorded call. Pure shaping of stored rows: no query here.
import type { ModelObject } from 'objection';
import { disputeDeadline, withinDisputeWindow } from '@tm/shared/logic/transfer-rules';
import { dialablePhone } from '@tm/shared/logic/phone-search';
import {
  disputeReasonLabel,
  type DisputeEvidence,
  type DisputeReasonCode,
  type DisputeStatus,
  type DisputeSummary,
  type TransferCallbackAccepted,
  type TransferCallView,
} from '@tm/shared/schemas/transfers';
import { toIso } from '../../db/dates.ts';
import type { TransferCall, TransferDispute } from '../../models/index.ts';

/** A stored call (the model's row, dates in database form), its status and source typed as the view's. */
export type CallRow = Omit<ModelObject<TransferCall>, 'status' | 'source'> & Pick<TransferCallView, 'status' | 'source'>;

/** What a call's list shows of its dispute, reason and status typed as the schema's. */
export type DisputeRowLite = Pick<
  ModelObject<TransferDispute>,
  'id' | 'callId' | 'reasonText' | 'decisionReason' | 'createdAt' | 'decidedAt' | 'decidedBy' | 'decidedByRules' | 'evidence' | 'reviewRequestedAt'
> & {
  status: DisputeStatus;
  reasonCode: DisputeReasonCode;
};

export function toDisputeSummary(d: DisputeRowLite): DisputeSummary {
  return {
    id: Number(d.id),
    status: d.status,
    reasonCode: d.reasonCode,
    reasonLabel: disputeReasonLabel(d.reasonCode),
    reasonText: d.reasonText,
    decisionReason: d.decisionReason,
    createdAt: toIso(d.createdAt) ?? '',
    decidedAt: toIso(d.decidedAt),
    decidedBy: d.status === 'pending' ? null : d.decidedByRules ? 'rules' : 'admin',
    evidence: parseEvidence(d.evidence),
    reviewRequestedAt: toIso(d.reviewRequestedAt),
  };
}

/** The stored quotes of a rule decision (JSON); anything unreadable is no quotes. */
export function parseEvidence(json: string | null): DisputeEvidence[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v)
      ? v.filter((e): e is DisputeEvidence => typeof e?.quote === 'string').map((e) => ({ quote: e.quote, at: typeof e.at === 'string' ? e.at : null }))
      : [];
  } catch {
    return [];
  }
}

export function toCallView(row: CallRow, dispute: DisputeRowLite | undefined, now: Date): TransferCallView {
  const endedAt = toIso(row.endedAt) ?? '';
  const recordedAt = toIso(row.createdAt) ?? '';
  const billed = row.status === 'billed';
  return {
    id: Number(row.id),
    callId: row.externalCallId,
    source: row.source,
    callerName: row.callerName,
    callerPhone: row.callerPhone,
    state: row.state,
    startedAt: toIso(row.startedAt) ?? '',
    endedAt,
    durationSeconds: Number(row.durationSeconds),
    recordingUrl: row.recordingUrl,
    transcript: row.transcript,
    billable: Boolean(row.billable),
    status: row.status,
    chargeCents: Number(row.chargeCents),
    billingNote: row.billingNote,
    bufferSeconds: Number(row.bufferSeconds),
    orderId: row.orderId === null ? null : Number(row.orderId),
    recordedAt,
    dispute: dispute ? toDisputeSummary(dispute) : null,
    disputeDeadline: billed ? disputeDeadline({ endedAt, recordedAt }).toISOString() : null,
    canDispute: billed && !dispute && withinDisputeWindow({ endedAt, recordedAt }, now),
  };
}

/** The callback's answer; `deliveryPhone` is the agent's Transfer Controls phone as stored (sent in E.164, decision 271). */
export function acceptedView(
  row: CallRow,
  duplicate: boolean,
  balanceRemaining: number,
  agentPaused: boolean,
  deliveryPhone: string | null,
): TransferCallbackAccepted {
  return {
    ok: true,
    duplicate,
    call: {
      id: Number(row.id),
      callId: row.externalCallId,
      billable: Boolean(row.billable),
      status: row.status,
      chargeCents: Number(row.chargeCents),
      billingNote: row.billingNote,
      orderId: row.orderId === null ? null : Number(row.orderId),
    },
    balanceRemaining,
    agentPaused,
    deliveryPhone: dialablePhone(deliveryPhone),
  };
}
