// Delivered transfers: recording one (from the caller system's callback or an admin's hand entry),
// the pre-transfer check, and a call's view (the agent's own list and CSV are in call-list.service.ts). A billable call draws one transfer from the
// agent's oldest paid order with a remainder, inside a transaction that holds the agent's settings row
// (so checks and draw see the same state) and draws with a conditional update (never below zero).
import { enqueueUserMail } from '../mail/account-mail.ts';
import { balanceEmptyMail } from '../mail/messages.ts';
import { noteBalanceChange } from './balance-alerts.ts';

export { BALANCE_LOW_AT } from './balance-alerts.ts';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import {
  billingDecision,
  callerPhoneKey,
  controlsRefusal,
  DUPLICATE_CALLER_MS,
  NO_CHARGE_DUPLICATE_CALLER,
  disputeDeadline,
  withinDisputeWindow,
} from '@tm/shared/logic/transfer-rules';
import {
  disputeReasonLabel,
  type CallStatus,
  type DisputeEvidence,
  type DisputeReasonCode,
  type DisputeStatus,
  type DisputeSummary,
  type ManualCall,
  type TransferCallback,
  type TransferCallbackAccepted,
  type TransferCallView,
  type TransferCheck,
} from '@tm/shared/schemas/transfers';
import type { ConsentInput } from '@tm/shared/schemas/consent';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { consentColumns } from '../compliance/consent-columns.ts';
import { CALLER_SYSTEM, SYSTEM, writeAudit, type Actor } from './audit.ts';
import { REFUSAL_STATUS, TransferRefused } from './errors.ts';
import { drawFrom, ensureUsageRows, transferLots } from './lots.service.ts';
import { callsOnLocalDay, ensureSettingsRow, readControls } from './settings.service.ts';
import { withRetry } from '../../db/retry.ts';
import { chargeQueued, noteAutoRebillCrossing } from '../payments/auto-rebill.service.ts';
import { AgentTransferSetting, TransferCall, TransferDispute, User } from '../../models/index.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';

/** How far in the future a call's start may be (clock drift between systems). */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** How long after a call it may still be recorded (by the caller system or an admin's hand entry). */
export const MAX_CALL_AGE_DAYS = 90;

/**
 * A call's times must lie in a window around now: started at most MAX_CALL_AGE_DAYS ago and not in the
 * future, ended not in the future (each with MAX_CLOCK_SKEW_MS of drift allowed). 400 naming the field.
 */
export function checkCallWindow(call: { startedAt: string; endedAt: string }, now: Date): void {
  const fields: Record<string, string> = {};
  const latest = now.getTime() + MAX_CLOCK_SKEW_MS;
  const earliest = now.getTime() - MAX_CALL_AGE_DAYS * 86_400_000;
  const startedAt = new Date(call.startedAt).getTime();
  if (startedAt > latest) fields.startedAt = 'startedAt is in the future';
  else if (startedAt < earliest) fields.startedAt = `startedAt is more than ${MAX_CALL_AGE_DAYS} days ago`;
  if (new Date(call.endedAt).getTime() > latest) fields.endedAt = 'endedAt is in the future';
  const names = Object.keys(fields);
  if (names.length) throw new TransferRefused(400, 'invalid_payload', fields[names[0]!]!, fields);
}

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

function acceptedView(row: CallRow, duplicate: boolean, balanceRemaining: number, agentPaused: boolean): TransferCallbackAccepted {
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
  };
}

// ---------------------------------------------------------------------------------------------
// Which agent

interface AgentRef {
  agentId?: number;
  agentEmail?: string;
}

/** The agent a payload names by id or e-mail; both given must be the same user. */
export async function resolveAgent(db: Db, ref: AgentRef): Promise<{ id: number; email: string; deactivated: boolean }> {
  const columns = ['id', 'email', 'deactivatedAt'] as const;
  const byId =
    ref.agentId !== undefined
      ? await User.query(db)
          .findById(ref.agentId)
          .select(...columns)
      : undefined;
  const byEmail =
    ref.agentEmail !== undefined
      ? await User.query(db)
          .where({ email: ref.agentEmail })
          .select(...columns)
          .first()
      : undefined;
  const unknown = () => new TransferRefused(404, 'unknown_agent', 'No agent matches agentId/agentEmail.');
  if (ref.agentId !== undefined && !byId) throw unknown();
  if (ref.agentEmail !== undefined && !byEmail) throw unknown();
  if (byId && byEmail && Number(byId.id) !== Number(byEmail.id)) {
    throw new TransferRefused(404, 'unknown_agent', 'agentId and agentEmail name different users.');
  }
  const user = (byId ?? byEmail)!;
  return { id: Number(user.id), email: String(user.email), deactivated: Boolean(user.deactivatedAt) };
}

export const AGENT_DEACTIVATED_MESSAGE = "The agent's account is deactivated: they take no calls.";

/** The caller system sends no call to a deactivated agent (they cannot log in to see or dispute it). */
export function refuseDeactivated(agent: { deactivated: boolean }): void {
  if (agent.deactivated) throw new TransferRefused(REFUSAL_STATUS, 'agent_deactivated', AGENT_DEACTIVATED_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Recording a delivered call

type RecordInput = (TransferCallback | ManualCall) & { callId?: string };

class DuplicateCall extends Error {}
/** A lot was paid for between the preparation of its rows and the transaction: prepare and try again. */
class RowsMissing extends Error {}

async function remainingBalance(trx: Db | Knex.Transaction, userId: number): Promise<number> {
  return (await transferLots(trx, userId)).reduce((s, l) => s + l.remaining, 0);
}

async function existingAnswer(deps: AppDeps, externalCallId: string, userId: number): Promise<TransferCallbackAccepted | null> {
  const row = (await TransferCall.query(deps.db).where({ externalCallId }).first()) as CallRow | undefined;
  if (!row) return null;
  if (Number(row.userId) !== userId) {
    throw new TransferRefused(409, 'call_id_conflict', 'This callId is already recorded for another agent.');
  }
  const balance = await remainingBalance(deps.db, userId);
  const controls = await readControls(deps.db, userId);
  return acceptedView(row, true, balance, controls.paused && (controls.pausedReason !== 'no_balance' || balance === 0));
}

/**
 * Records one delivered transfer. From the caller system (actor 'caller') the agent's controls apply:
 * a call that breaks them is refused with a reason. An admin's hand entry records a call that already
 * happened, so only the balance applies. Either way a repeated call id answers the call recorded first.
 */
export async function recordDeliveredCall(
  deps: AppDeps,
  input: RecordInput,
  actor: Actor = CALLER_SYSTEM,
): Promise<{ created: boolean; body: TransferCallbackAccepted }> {
  const agent = await resolveAgent(deps.db, input);
  const now = deps.clock.now();
  const startedAt = new Date(input.startedAt);
  const endedAt = new Date(input.endedAt);
  checkCallWindow(input, now);
  const manual = actor.type === 'admin';
  const externalCallId = input.callId ?? `manual-${crypto.randomUUID()}`;

  const seen = await existingAnswer(deps, externalCallId, agent.id);
  if (seen) return { created: false, body: seen };
  // A repeat of a call recorded before the deactivation answers that call (above); a new one is refused.
  if (!manual) refuseDeactivated(agent);

  // Rows that must exist before the transaction locks anything (inserting them inside it could deadlock):
  // only for an agent who has bought transfers. Anyone else's call is refused (no balance), and a refusal
  // writes nothing. A lot paid for in between is caught inside the transaction (RowsMissing): its rows
  // are made and the call is tried once more.
  const ready = new Set<number>();
  const prepareRows = async () => {
    const lots = await transferLots(deps.db, agent.id);
    if (!lots.length) return;
    await ensureSettingsRow(deps.db, agent.id);
    await ensureUsageRows(deps.db, agent.id, lots);
    for (const l of lots) ready.add(l.orderId);
  };
  await prepareRows();

  const phoneKey = callerPhoneKey(input.callerPhone);
  const durationSeconds = input.durationSeconds ?? Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000);
  const stamp = toDbDate(now);

  let result!: TransferCallbackAccepted;
  let rebill = false;
  for (let attempt = 0; ; attempt++) {
    try {
      result = await withRetry(() =>
        deps.db.transaction(async (trx) => {
          // The agent's row lock serialises this agent's calls: the counts and lots read below are current.
          const controls = await readControls(trx, agent.id, { lock: true });
          if (await TransferCall.query(trx).where({ externalCallId }).select('id').first()) throw new DuplicateCall();
          const lots = await transferLots(trx, agent.id);
          if (lots.some((l) => !ready.has(l.orderId))) throw new RowsMissing();
          let balance = lots.reduce((s, l) => s + l.remaining, 0);

          if (controls.paused && controls.pausedReason === 'no_balance' && balance > 0) {
            // New transfers were bought since the balance ran out: transfers resume by themselves.
            await AgentTransferSetting.query(trx).where({ userId: agent.id }).patch({ paused: false, pausedReason: null, pausedAt: null, updatedAt: stamp });
            await writeAudit(trx, {
              actor: SYSTEM,
              action: 'agent.resumed',
              entity: 'agent',
              entityId: agent.id,
              userId: agent.id,
              before: { paused: true, pausedReason: 'no_balance' },
              after: { paused: false, balance },
              at: now,
            });
            controls.paused = false;
            controls.pausedReason = null;
          }
          if (!manual) {
            const callsThatDay = await callsOnLocalDay(trx, agent.id, startedAt, controls.timeZone);
            const refusal = controlsRefusal(controls, { startedAt, state: input.state }, { callsThatDay, balance });
            if (refusal) throw new TransferRefused(REFUSAL_STATUS, refusal.reason, refusal.message);
          }
          if (balance === 0) throw new TransferRefused(REFUSAL_STATUS, 'no_balance', 'The agent has no transfers left in their balance.');

          // Duplicate caller protection: a caller already delivered to this agent in the 30 days before this
          // call's start (the 30th day included) is free, whatever the call's length (read under the agent's lock).
          const duplicateCaller = await earlierCallFromSameCaller(trx, agent.id, phoneKey, startedAt);

          // Oldest paid order with a remainder first; its buffer decides whether the call is billable.
          let drawn: (typeof lots)[number] | null = null;
          let decision = billingDecision({ durationSeconds, bufferSeconds: lots[0]!.bufferSeconds, agentHungUpAfterYes: input.agentHungUpAfterYes });
          let bufferSeconds = 0;
          for (const lot of lots.filter((l) => l.remaining > 0)) {
            bufferSeconds = lot.bufferSeconds;
            decision = duplicateCaller
              ? { billable: false, note: NO_CHARGE_DUPLICATE_CALLER }
              : billingDecision({ durationSeconds, bufferSeconds, agentHungUpAfterYes: input.agentHungUpAfterYes });
            if (!decision.billable) break;
            if (await drawFrom(trx, lot.orderId, stamp)) {
              drawn = lot;
              break;
            }
          }
          if (decision.billable && !drawn) throw new TransferRefused(REFUSAL_STATUS, 'no_balance', 'The agent has no transfers left in their balance.');

          const row = {
            externalCallId,
            userId: agent.id,
            orderId: drawn?.orderId ?? null,
            source: manual ? 'manual' : 'callback',
            enteredBy: manual ? actor.id : null,
            callerName: input.callerName,
            callerPhone: input.callerPhone,
            callerPhoneKey: phoneKey,
            state: input.state,
            startedAt: toDbDate(startedAt),
            endedAt: toDbDate(endedAt),
            durationSeconds,
            recordingUrl: input.recordingUrl,
            transcript: input.transcript,
            // The working states at delivery: an out-of-state dispute is judged against these, not later ones.
            workingStates: controls.workingStates.join(','),
            agentHungUpAfterYes: input.agentHungUpAfterYes === true,
            // The platform's word on who ended the call (issue 33); a call entered by hand has none.
            endedBy: 'endedBy' in input ? (input.endedBy ?? null) : null,
            ...consentColumns(input as RecordInput & ConsentInput),
            bufferSeconds,
            billable: decision.billable,
            status: (decision.billable ? 'billed' : 'no_charge') as CallStatus,
            chargeCents: drawn ? drawn.unitPriceCents : 0,
            billingNote: decision.note,
            createdAt: stamp,
            updatedAt: stamp,
          };
          let id: number;
          try {
            id = Number((await TransferCall.query(trx).insert(row)).id);
          } catch (err) {
            if (isUniqueViolation(err)) throw new DuplicateCall();
            throw err;
          }
          await writeAudit(trx, {
            actor,
            action: 'call.recorded',
            entity: 'call',
            entityId: id,
            userId: agent.id,
            after: {
              callId: externalCallId,
              source: row.source,
              state: row.state,
              durationSeconds,
              bufferSeconds,
              billable: row.billable,
              status: row.status,
              chargeCents: row.chargeCents,
              orderId: row.orderId,
              billingNote: row.billingNote,
            },
            at: now,
          });
          // CRM webhooks (decision 196): transfer.delivered, written with the call.
          await emitWebhookEvents(trx, now, agent.id, 'transfer.delivered', [id]);

          const balanceBefore = balance;
          if (drawn) balance -= 1;
          // E-mail (decisions 045, 156): balance low when this call crossed down to 5 or below, empty when
          // it took the last one (paused); one per crossing (the call that crossed is in the dedupe key).
          if (drawn && balance === 0) {
            await enqueueUserMail(trx, deps.config, agent.id, now, (to) => balanceEmptyMail(deps.config, to, `call-${id}`));
          } else if (drawn) {
            await noteBalanceChange(trx, deps, agent.id, { before: balanceBefore, after: balance, ref: `call-${id}` }, now);
          }
          // Auto-rebill (decision 197): this call took the balance below the agent's threshold; charged after the commit.
          rebill = drawn ? await noteAutoRebillCrossing(trx, agent.id, { before: balanceBefore, after: balance, ref: `call-${id}` }, now) : false;
          let agentPaused = controls.paused;
          if (drawn && balance === 0 && !controls.paused) {
            // The last transfer is gone: pause the agent (the dashboard tells them) until they buy more.
            await AgentTransferSetting.query(trx)
              .where({ userId: agent.id })
              .patch({ paused: true, pausedReason: 'no_balance', pausedAt: stamp, resumeDate: null, updatedAt: stamp });
            await writeAudit(trx, {
              actor: SYSTEM,
              action: 'agent.paused',
              entity: 'agent',
              entityId: agent.id,
              userId: agent.id,
              before: { paused: false },
              after: { paused: true, pausedReason: 'no_balance', balance: 0 },
              at: now,
            });
            agentPaused = true;
          }
          const {
            callerPhoneKey: _key,
            consentSourceUrl: _u,
            consentAt: _a,
            consentIp: _i,
            consentText: _t,
            certificateKind: _k,
            certificateId: _c,
            certificateClaimExpiresAt: _e,
            ...stored
          } = row;
          return acceptedView({ ...stored, id, agentHungUpAfterYes: row.agentHungUpAfterYes } as CallRow, false, balance, agentPaused);
        }),
      );
      break;
    } catch (err) {
      if (err instanceof RowsMissing && attempt < 2) {
        await prepareRows();
        continue;
      }
      if (err instanceof DuplicateCall) {
        const again = await existingAnswer(deps, externalCallId, agent.id);
        if (again) return { created: false, body: again };
      }
      if (err instanceof TransferRefused && err.status === REFUSAL_STATUS) {
        deps.logger.info({ agentId: agent.id, callId: externalCallId, reason: err.reason }, 'transfer refused');
      }
      throw err;
    }
  }
  if (result.agentPaused && result.balanceRemaining === 0) deps.logger.info({ agentId: agent.id }, 'transfer balance reached zero: agent paused');
  if (rebill) await chargeQueued(deps, agent.id);
  return { created: true, body: result };
}

/** Was this caller delivered to the agent at most 30 days before `startedAt` (and not after it)? */
async function earlierCallFromSameCaller(trx: Knex.Transaction, userId: number, phoneKey: string, startedAt: Date): Promise<boolean> {
  const row = await TransferCall.query(trx)
    .where({ userId, callerPhoneKey: phoneKey })
    .where('startedAt', '>=', toDbDate(new Date(startedAt.getTime() - DUPLICATE_CALLER_MS)))
    .where('startedAt', '<=', toDbDate(startedAt))
    .select('id')
    .first();
  return Boolean(row);
}

/** Would a transfer to this agent from this state be taken right now? (The caller system may ask first.) */
export async function checkTransfer(deps: AppDeps, input: TransferCheck): Promise<{ ok: true; balanceRemaining: number }> {
  const agent = await resolveAgent(deps.db, input);
  refuseDeactivated(agent);
  const now = deps.clock.now();
  const controls = await readControls(deps.db, agent.id);
  const balance = await remainingBalance(deps.db, agent.id);
  const callsThatDay = await callsOnLocalDay(deps.db, agent.id, now, controls.timeZone);
  const refusal = controlsRefusal(controls, { startedAt: now, state: input.state }, { callsThatDay, balance });
  if (refusal) throw new TransferRefused(REFUSAL_STATUS, refusal.reason, refusal.message);
  if (balance === 0) throw new TransferRefused(REFUSAL_STATUS, 'no_balance', 'The agent has no transfers left in their balance.');
  return { ok: true, balanceRemaining: balance };
}
