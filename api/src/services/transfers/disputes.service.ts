// Disputes of billable calls: filed by the agent within 72 hours with a reason from the list (the call's
// recording and transcript attached automatically), decided at filing by the evidence rules where they
// settle it (decision 195), else by an admin; the agent may ask once for a human review of a rule's denial. Approval credits the transfer
// back to the order it drew on exactly once: the pending -> approved move is a conditional update whose
// affected-row count decides which of two racing approvals does the credit.
import { enqueueUserMail } from '../mail/account-mail.ts';
import { enqueueStaffAlert } from '../mail/staff-alerts.ts';
import { disputeDecidedMail, disputeReceivedMail } from '../mail/dispute-messages.ts';
import {
  disputeReasonLabel,
  type AdminDisputeView,
  type CallEndedBy,
  type DisputeInput,
  type DisputeRuleReading,
  type DisputeStatus,
  type DisputeSummary,
} from '@tm/shared/schemas/transfers';
import { withinDisputeWindow } from '@tm/shared/logic/transfer-rules';
import type { CallNaming } from '@tm/shared/logic/call-label';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { SYSTEM, writeAudit, type Actor } from './audit.ts';
import { readControls } from './settings.service.ts';
import { disputeClassifier, type DisputeEvidenceInput, type DisputeVerdict } from './dispute-evidence/index.ts';
import { creditTo } from './lots.service.ts';
import { parseEvidence, toDisputeSummary, type CallRow } from './call-views.ts';
import { findOwnCall } from './call-list.service.ts';
import { withRetry } from '../../db/retry.ts';
import { readPage, withItems } from '../../db/paging.ts';
import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import { TransferCall, TransferDispute, User } from '../../models/index.ts';

export const CALL_NOT_FOUND = 'Call not found';
export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const NOT_BILLABLE_MESSAGE = 'Only billable calls can be disputed: this call was not charged.';
export const ALREADY_CREDITED_MESSAGE = 'This call has already been credited back.';
export const ALREADY_DISPUTED_MESSAGE = 'This call has already been disputed.';
export const WINDOW_CLOSED_MESSAGE = 'The 72-hour dispute window for this call has closed.';
export const ALREADY_DECIDED_MESSAGE = 'This dispute has already been decided.';

/** A dispute's row, its status typed as the schema's. */
type DisputeRow = Omit<ModelObject<TransferDispute>, 'status'> & { status: DisputeStatus };

export const REVIEW_ALREADY_ASKED_MESSAGE = 'A human review of this dispute has already been asked for.';
export const REVIEW_NOT_DENIED_MESSAGE = 'Only a dispute the rules denied can be sent for a human review.';

/** The agent's working states for a call: those recorded at delivery, else (calls from before) today's. */
async function workingStatesAt(db: Db, call: CallRow): Promise<string[]> {
  if (call.workingStates !== null && call.workingStates !== undefined) return call.workingStates.split(',').filter(Boolean);
  return (await readControls(db, Number(call.userId))).workingStates;
}

/**
 * Files a dispute. The configured classifier (DISPUTE_CLASSIFIER, decision 195) decides it at once where
 * the call's evidence settles it: an approval credits the transfer back in the same transaction (the
 * admin's ledger path), a denial records why; the rest waits for an admin. Every decision keeps its quotes.
 */
export async function fileDispute(
  deps: AppDeps,
  userId: number,
  callId: number,
  input: { reasonCode: DisputeInput['reasonCode']; reasonText: string | null },
): Promise<DisputeSummary> {
  const call = await findOwnCall(deps.db, userId, callId);
  if (!call) throw notFound(CALL_NOT_FOUND);
  if (call.status === 'no_charge') throw conflict(NOT_BILLABLE_MESSAGE);
  if (call.status === 'credited') throw conflict(ALREADY_CREDITED_MESSAGE);
  if (await TransferDispute.query(deps.db).where({ callId }).select('id').first()) throw conflict(ALREADY_DISPUTED_MESSAGE);
  const now = deps.clock.now();
  if (!withinDisputeWindow({ endedAt: toIso(call.endedAt)!, recordedAt: toIso(call.createdAt)! }, now)) throw conflict(WINDOW_CLOSED_MESSAGE);

  // Read before the transaction: a model-based classifier may take its time, and nothing here is locked.
  const evidenceInput: DisputeEvidenceInput = {
    reason: input.reasonCode,
    transcript: call.transcript,
    durationSeconds: Number(call.durationSeconds),
    state: call.state,
    workingStates: await workingStatesAt(deps.db, call),
    endedBy: (call.endedBy ?? null) as CallEndedBy,
    bufferSeconds: Number(call.bufferSeconds),
    calledAt: toIso(call.startedAt) ?? toIso(call.createdAt),
  };
  let verdict: DisputeVerdict;
  const filer = await User.query(deps.db).findById(userId).select('isAdmin');
  if (filer && Boolean(filer.isAdmin)) {
    // Separation of duties (issue 33): an admin's own dispute is decided by another admin, never by the rules.
    verdict = { decision: 'human', summary: OWN_CASE_SUMMARY, evidence: [], rule: 'separation_of_duties', reads: [] };
  } else {
    try {
      verdict = await disputeClassifier(deps.config.disputeClassifier).classify(evidenceInput);
    } catch (err) {
      // A classifier that fails (a model's outage, say) leaves the dispute to an admin; the filing stands.
      deps.logger.warn({ err, callId }, 'dispute classifier failed: the dispute waits for an admin');
      verdict = { decision: 'human', summary: 'The evidence could not be read automatically.', evidence: [] };
    }
  }
  const reading: DisputeRuleReading = {
    rule: verdict.rule ?? input.reasonCode,
    reads: verdict.reads ?? [],
    decision: verdict.decision,
    summary: verdict.summary,
    evidence: verdict.evidence,
  };
  const decided = verdict.decision !== 'human';
  const status: DisputeStatus = verdict.decision === 'approve' ? 'approved' : verdict.decision === 'deny' ? 'denied' : 'pending';

  const stamp = toDbDate(now);
  try {
    return await withRetry(() =>
      deps.db.transaction(async (trx) => {
        const row = {
          callId,
          userId,
          reasonCode: input.reasonCode,
          reasonText: input.reasonText,
          // The evidence goes with the dispute, as it was when filed.
          recordingUrl: call.recordingUrl,
          transcript: call.transcript,
          status,
          decisionReason: decided ? verdict.summary : null,
          decidedByRules: decided,
          decidedAt: decided ? stamp : null,
          evidence: verdict.evidence.length ? JSON.stringify(verdict.evidence) : null,
          ruleReading: JSON.stringify(reading),
          createdAt: stamp,
          updatedAt: stamp,
        };
        const id = Number((await TransferDispute.query(trx).insert(row)).id);
        await writeAudit(trx, {
          actor: { type: 'agent', id: userId },
          action: 'dispute.filed',
          entity: 'dispute',
          entityId: id,
          userId,
          after: {
            callId,
            externalCallId: call.externalCallId,
            reasonCode: input.reasonCode,
            reason: disputeReasonLabel(input.reasonCode),
            reasonText: input.reasonText,
            status: 'pending',
          },
          at: now,
        });
        if (decided) {
          await writeAudit(trx, {
            actor: SYSTEM,
            action: `dispute.${status}`,
            entity: 'dispute',
            entityId: id,
            userId,
            before: { status: 'pending' },
            after: { status, decidedBy: 'rules', decisionReason: verdict.summary, evidence: verdict.evidence },
            at: now,
          });
          await enqueueUserMail(trx, deps.config, userId, now, (to) =>
            disputeDecidedMail(deps.config, to, {
              id,
              call: callNaming(call),
              outcome: status === 'approved' ? 'approved' : 'denied',
              note: verdict.summary,
              by: 'rules',
              afterReview: false,
              evidence: verdict.evidence,
            }),
          );
          if (status === 'approved') await creditCall(trx, call, id, SYSTEM, now);
        } else {
          await enqueueUserMail(trx, deps.config, userId, now, (to) => disputeReceivedMail(deps.config, to, { id, call: callNaming(call) }));
          // Left to an admin: the admins who asked are told (a dispute the rules settled needs no one).
          const agent = await User.query(trx).findById(userId).select('email', 'firstName', 'lastName');
          await enqueueStaffAlert(trx, deps.config, now, {
            kind: 'staff-dispute',
            id,
            callId,
            agent: agent ? `${[agent.firstName, agent.lastName].filter(Boolean).join(' ')} <${agent.email}>`.trim() : `#${userId}`,
            reason: disputeReasonLabel(input.reasonCode),
          });
        }
        return toDisputeSummary({ ...row, id, reviewRequestedAt: null, decidedBy: null });
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_DISPUTED_MESSAGE);
    throw err;
  }
}

/**
 * The agent asks once for a human review of a rule's denial: the dispute goes back to the admin queue
 * (pending), its quotes kept. A second ask, or one of a dispute the rules did not deny, is 409.
 */
export async function requestReview(deps: AppDeps, userId: number, callId: number): Promise<DisputeSummary> {
  const call = await findOwnCall(deps.db, userId, callId);
  if (!call) throw notFound(CALL_NOT_FOUND);
  const now = deps.clock.now();
  const stamp = toDbDate(now);
  const id = await withRetry(() =>
    deps.db.transaction(async (trx) => {
      const d = (await TransferDispute.query(trx).where({ callId, userId }).first()) as DisputeRow | undefined;
      if (!d) throw notFound(DISPUTE_NOT_FOUND);
      const n = await TransferDispute.query(trx)
        .where({ id: d.id, status: 'denied', decidedByRules: true })
        .whereNull('reviewRequestedAt')
        .patch({ status: 'pending', decidedByRules: false, decisionReason: null, decidedAt: null, reviewRequestedAt: stamp, updatedAt: stamp });
      if (Number(n) !== 1) throw conflict(d.reviewRequestedAt ? REVIEW_ALREADY_ASKED_MESSAGE : REVIEW_NOT_DENIED_MESSAGE);
      await writeAudit(trx, {
        actor: { type: 'agent', id: userId },
        action: 'dispute.review_requested',
        entity: 'dispute',
        entityId: Number(d.id),
        userId,
        before: { status: 'denied', decidedBy: 'rules', decisionReason: d.decisionReason },
        after: { status: 'pending' },
        at: now,
      });
      // Back in the admins' queue: they are told as of a new dispute (issue 34 item 8).
      const agent = await User.query(trx).findById(userId).select('email', 'firstName', 'lastName');
      await enqueueStaffAlert(trx, deps.config, now, {
        kind: 'staff-dispute',
        id: Number(d.id),
        callId,
        agent: agent ? `${[agent.firstName, agent.lastName].filter(Boolean).join(' ')} <${agent.email}>`.trim() : `#${userId}`,
        reason: disputeReasonLabel(d.reasonCode as Parameters<typeof disputeReasonLabel>[0]),
        review: true,
      });
      return Number(d.id);
    }),
  );
  const row = (await TransferDispute.query(deps.db).findById(id)) as DisputeRow;
  return toDisputeSummary(row as Parameters<typeof toDisputeSummary>[0]);
}

/** A call as the dispute e-mails name it (callLabel): its caller, state and start. */
function callNaming(call: CallRow): CallNaming {
  return { callerName: call.callerName, callerPhone: call.callerPhone, state: call.state, startedAt: toIso(call.startedAt) ?? '' };
}

/** Credits a disputed call's transfer back to the order it drew on, once (the billed -> credited move decides). */
async function creditCall(trx: Knex.Transaction, call: CallRow, disputeId: number, actor: Actor, now: Date): Promise<void> {
  const stamp = toDbDate(now);
  const m = await TransferCall.query(trx).where({ id: call.id, status: 'billed' }).patch({ status: 'credited', updatedAt: stamp });
  if (Number(m) !== 1) return;
  const credited = call.orderId !== null ? await creditTo(trx, Number(call.orderId), stamp) : false;
  await writeAudit(trx, {
    actor,
    action: 'call.credited',
    entity: 'call',
    entityId: Number(call.id),
    userId: Number(call.userId),
    before: { status: 'billed' },
    after: { status: 'credited', orderId: call.orderId, chargeCents: Number(call.chargeCents), transferReturned: credited, disputeId },
    at: now,
  });
}

export const OWN_DISPUTE_MESSAGE = 'You cannot decide a dispute on your own call. Another admin must decide it.';
/** Why an admin's own dispute or no-show report waits for another admin. */
export const OWN_CASE_SUMMARY = 'Filed by an admin: another admin decides it, never the rules and never the admin who filed it.';

/**
 * Approves or denies a pending dispute. Approval credits the call's transfer back to its order; of
 * two admins deciding at once, one wins and the other gets 409.
 */
export async function decideDispute(
  deps: AppDeps,
  adminId: number,
  disputeId: number,
  decision: { approve: true; note: string | null } | { approve: false; reason: string },
): Promise<AdminDisputeView> {
  const now = deps.clock.now();
  const stamp = toDbDate(now);
  const admin: Actor = { type: 'admin', id: adminId };
  await withRetry(() =>
    deps.db.transaction(async (trx) => {
      const d = (await TransferDispute.query(trx).findById(disputeId)) as DisputeRow | undefined;
      if (!d) throw notFound(DISPUTE_NOT_FOUND);
      // Separation of duties: the credit goes to the call's agent, so that agent may not grant it.
      // Issue 33: nor deny it (an admin's own case is decided by another admin only).
      if (Number(d.userId) === adminId) throw forbidden(OWN_DISPUTE_MESSAGE);
      const status: DisputeStatus = decision.approve ? 'approved' : 'denied';
      const decisionReason = decision.approve ? decision.note : decision.reason;
      const n = await TransferDispute.query(trx)
        .where({ id: disputeId, status: 'pending' })
        .patch({ status, decisionReason, decidedBy: adminId, decidedByRules: false, decidedAt: stamp, updatedAt: stamp });
      if (Number(n) !== 1) throw conflict(ALREADY_DECIDED_MESSAGE);
      await writeAudit(trx, {
        actor: admin,
        action: `dispute.${status}`,
        entity: 'dispute',
        entityId: disputeId,
        userId: Number(d.userId),
        before: { status: 'pending' },
        after: { status, decisionReason },
        at: now,
      });
      const call = (await TransferCall.query(trx).findById(d.callId)) as CallRow | undefined;
      if (call) {
        await enqueueUserMail(trx, deps.config, Number(d.userId), now, (to) =>
          disputeDecidedMail(deps.config, to, {
            id: disputeId,
            call: callNaming(call),
            outcome: status === 'approved' ? 'approved' : 'denied',
            note: decisionReason,
            by: 'admin',
            afterReview: Boolean(d.reviewRequestedAt),
            // What the rules read at filing, quoted on a denial (none for a dispute they left at once to an admin).
            evidence: parseReading(d.ruleReading)?.evidence ?? parseEvidence(d.evidence),
          }),
        );
      }
      if (!decision.approve) return;
      if (call) await creditCall(trx, call, disputeId, admin, now);
    }),
  );
  return (await adminDisputeById(deps.db, disputeId))!;
}

// ---------------------------------------------------------------------------------------------
// The admin queue

/** A queue line: the dispute, its call's columns, the agent's and the decider's names. */
type QueueRow = DisputeRow &
  Pick<
    TransferCall,
    'externalCallId' | 'callerName' | 'callerPhone' | 'state' | 'startedAt' | 'durationSeconds' | 'bufferSeconds' | 'chargeCents' | 'orderId' | 'endedBy'
  > & {
    callStatus: AdminDisputeView['call']['status'];
    agentFirst: User['firstName'];
    agentLast: User['lastName'];
    agentEmail: User['email'];
    deciderFirst: User['firstName'] | null;
    deciderLast: User['lastName'] | null;
  };

/** Disputes (d) with their call (c), agent (u) and decider (a), as a Knex builder for the queue's paging. */
function queueQuery(db: Db): Knex.QueryBuilder {
  return TransferDispute.query(db)
    .alias('d')
    .join(`${TransferCall.tableName} as c`, 'c.id', 'd.callId')
    .join(`${User.tableName} as u`, 'u.id', 'd.userId')
    .leftJoin(`${User.tableName} as a`, 'a.id', 'd.decidedBy')
    .select(
      'd.*',
      'c.externalCallId',
      'c.callerName',
      'c.callerPhone',
      'c.state',
      'c.startedAt',
      'c.durationSeconds',
      'c.bufferSeconds',
      'c.chargeCents',
      'c.orderId',
      'c.status as callStatus',
      'c.endedBy',
      'u.firstName as agentFirst',
      'u.lastName as agentLast',
      'u.email as agentEmail',
      'a.firstName as deciderFirst',
      'a.lastName as deciderLast',
    )
    .toKnexQuery();
}

/** The stored reading of the rules (JSON); anything unreadable is none. */
function parseReading(json: string | null): DisputeRuleReading | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as DisputeRuleReading;
    return typeof v?.summary === 'string' ? v : null;
  } catch {
    return null;
  }
}

function toAdminView(r: QueueRow): AdminDisputeView {
  const summary = toDisputeSummary(r as Parameters<typeof toDisputeSummary>[0]);
  return {
    ...summary,
    reading: parseReading(r.ruleReading),
    agentAccount: { reasonLabel: summary.reasonLabel, reasonText: r.reasonText },
    agent: { id: Number(r.userId), name: `${r.agentFirst} ${r.agentLast}`.trim(), email: r.agentEmail },
    call: {
      id: Number(r.callId),
      callId: r.externalCallId,
      callerName: r.callerName,
      callerPhone: r.callerPhone,
      state: r.state,
      startedAt: toIso(r.startedAt) ?? '',
      durationSeconds: Number(r.durationSeconds),
      bufferSeconds: Number(r.bufferSeconds),
      chargeCents: Number(r.chargeCents),
      orderId: r.orderId === null ? null : Number(r.orderId),
      status: r.callStatus,
      endedBy: (r.endedBy ?? null) as CallEndedBy,
    },
    attachments: { recordingUrl: r.recordingUrl, transcript: r.transcript },
    decider: r.decidedBy === null ? null : { id: Number(r.decidedBy), name: `${r.deciderFirst ?? ''} ${r.deciderLast ?? ''}`.trim() },
  };
}

export async function adminDisputeById(db: Db, id: number): Promise<AdminDisputeView | undefined> {
  const row: QueueRow | undefined = await queueQuery(db).where('d.id', id).first();
  return row ? toAdminView(row) : undefined;
}

/** Pending disputes oldest first (a queue); decided ones most recent first. */
export async function disputeQueue(db: Db, q: { status: DisputeStatus | 'all'; page: number; pageSize: number }) {
  const filter = (b: Knex.QueryBuilder) => (q.status === 'all' ? b : b.where('d.status', q.status));
  const order =
    q.status === 'pending'
      ? [
          { column: 'd.createdAt', order: 'asc' as const },
          { column: 'd.id', order: 'asc' as const },
        ]
      : [
          { column: 'd.updatedAt', order: 'desc' as const },
          { column: 'd.id', order: 'desc' as const },
        ];
  const page = await readPage<QueueRow>(q, { rows: filter(queueQuery(db)).orderBy(order), count: filter(TransferDispute.query(db).alias('d').toKnexQuery()) });
  return withItems(page, page.items.map(toAdminView));
}
