// Disputes of billable calls: filed by the agent within 72 hours with a reason from the list (the call's
// recording and transcript attached automatically), decided by an admin. Approval credits the transfer
// back to the order it drew on exactly once: the pending -> approved move is a conditional update whose
// affected-row count decides which of two racing approvals does the credit.
import { enqueueUserMail } from '../mail/account-mail.ts';
import { enqueueStaffAlert } from '../mail/staff-alerts.ts';
import { disputeDecidedMail, disputeReceivedMail } from '../mail/messages.ts';
import { disputeReasonLabel, type AdminDisputeView, type DisputeInput, type DisputeStatus, type DisputeSummary } from '@tm/shared/schemas/transfers';
import { withinDisputeWindow } from '@tm/shared/logic/transfer-rules';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { writeAudit, type Actor } from './audit.ts';
import { creditTo } from './lots.service.ts';
import { findOwnCall, toDisputeSummary, type CallRow } from './calls.service.ts';
import { withRetry } from '../../db/retry.ts';
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
          status: 'pending' as const,
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
        await enqueueUserMail(trx, deps.config, userId, now, (to) => disputeReceivedMail(deps.config, to, { id, callId }));
        const agent = await User.query(trx).findById(userId).select('email', 'firstName', 'lastName');
        await enqueueStaffAlert(trx, deps.config, now, {
          kind: 'staff-dispute',
          id,
          callId,
          agent: agent ? `${[agent.firstName, agent.lastName].filter(Boolean).join(' ')} <${agent.email}>`.trim() : `#${userId}`,
          reason: disputeReasonLabel(input.reasonCode),
        });
        return toDisputeSummary({
          id,
          callId,
          reasonCode: input.reasonCode,
          reasonText: input.reasonText,
          status: 'pending',
          decisionReason: null,
          createdAt: stamp,
          decidedAt: null,
        });
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_DISPUTED_MESSAGE);
    throw err;
  }
}

export const OWN_DISPUTE_MESSAGE = 'You cannot approve a dispute on your own call. Another admin must decide it.';

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
      if (decision.approve && Number(d.userId) === adminId) throw forbidden(OWN_DISPUTE_MESSAGE);
      const status: DisputeStatus = decision.approve ? 'approved' : 'denied';
      const decisionReason = decision.approve ? decision.note : decision.reason;
      const n = await TransferDispute.query(trx)
        .where({ id: disputeId, status: 'pending' })
        .patch({ status, decisionReason, decidedBy: adminId, decidedAt: stamp, updatedAt: stamp });
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
      await enqueueUserMail(trx, deps.config, Number(d.userId), now, (to) =>
        disputeDecidedMail(deps.config, to, { id: disputeId, callId: Number(d.callId), outcome: status, note: decisionReason }),
      );
      if (!decision.approve) return;

      const call = (await TransferCall.query(trx).findById(d.callId)) as CallRow | undefined;
      if (!call) return;
      const m = await TransferCall.query(trx).where({ id: call.id, status: 'billed' }).patch({ status: 'credited', updatedAt: stamp });
      if (Number(m) !== 1) return;
      const credited = call.orderId !== null ? await creditTo(trx, Number(call.orderId), stamp) : false;
      await writeAudit(trx, {
        actor: admin,
        action: 'call.credited',
        entity: 'call',
        entityId: Number(call.id),
        userId: Number(call.userId),
        before: { status: 'billed' },
        after: { status: 'credited', orderId: call.orderId, chargeCents: Number(call.chargeCents), transferReturned: credited, disputeId },
        at: now,
      });
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
    'externalCallId' | 'callerName' | 'callerPhone' | 'state' | 'startedAt' | 'durationSeconds' | 'bufferSeconds' | 'chargeCents' | 'orderId'
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
      'u.firstName as agentFirst',
      'u.lastName as agentLast',
      'u.email as agentEmail',
      'a.firstName as deciderFirst',
      'a.lastName as deciderLast',
    )
    .toKnexQuery();
}

function toAdminView(r: QueueRow): AdminDisputeView {
  return {
    ...toDisputeSummary(r as Parameters<typeof toDisputeSummary>[0]),
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
    },
    evidence: { recordingUrl: r.recordingUrl, transcript: r.transcript },
    decidedBy: r.decidedBy === null ? null : { id: Number(r.decidedBy), name: `${r.deciderFirst ?? ''} ${r.deciderLast ?? ''}`.trim() },
  };
}

export async function adminDisputeById(db: Db, id: number): Promise<AdminDisputeView | undefined> {
  const row: QueueRow | undefined = await queueQuery(db).where('d.id', id).first();
  return row ? toAdminView(row) : undefined;
}

/** Pending disputes oldest first (a queue); decided ones most recent first. */
export async function disputeQueue(db: Db, q: { status: DisputeStatus | 'all'; page: number; pageSize: number }) {
  const filter = (b: Knex.QueryBuilder) => (q.status === 'all' ? b : b.where('d.status', q.status));
  const countRow = (await filter(TransferDispute.query(db).alias('d').toKnexQuery()).count({ n: '*' }).first()) as { n?: number | string } | undefined;
  const total = Number(countRow?.n ?? 0);
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
  const rows: QueueRow[] = await filter(queueQuery(db))
    .orderBy(order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: rows.map(toAdminView), total, page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)) };
}
