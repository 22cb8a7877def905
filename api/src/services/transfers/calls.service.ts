// Recording a delivered transfer, from the caller system's callback or an admin's hand entry. The checks
// before it are in call-checks.ts, a call's view in call-views.ts, the agent's own list and CSV in
// call-list.service.ts. A billable call draws one transfer from the agent's oldest paid order with a
// remainder, inside a transaction that holds the agent's settings row (so checks and draw see the same
// state) and draws with a conditional update (never below zero).
import { enqueueUserMail } from '../mail/account-mail.ts';
import { balanceEmptyMail } from '../mail/messages.ts';
import { noteBalanceChange } from './balance-alerts.ts';

export { BALANCE_LOW_AT } from './balance-alerts.ts';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { billingDecision, callerPhoneKey, controlsRefusal, DUPLICATE_CALLER_MS, NO_CHARGE_DUPLICATE_CALLER } from '@tm/shared/logic/transfer-rules';
import type { CallStatus, ManualCall, TransferCallback, TransferCallbackAccepted } from '@tm/shared/schemas/transfers';
import type { ConsentInput } from '@tm/shared/schemas/consent';
import { consentColumns } from '../compliance/consent-columns.ts';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { CALLER_SYSTEM, SYSTEM, writeAudit, type Actor } from './audit.ts';
import { REFUSAL_STATUS, TransferRefused } from './errors.ts';
import { drawFrom, ensureUsageRows, transferLots } from './lots.service.ts';
import { callsOnLocalDay, ensureSettingsRow, readControls } from './settings.service.ts';
import { withRetry } from '../../db/retry.ts';
import { chargeQueued, noteAutoRebillCrossing } from '../payments/auto-rebill.service.ts';
import { AgentTransferSetting, TransferCall } from '../../models/index.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { acceptedView, type CallRow } from './call-views.ts';
import { checkCallWindow, refuseDeactivated, remainingBalance, resolveAgent } from './call-checks.ts';

// ---------------------------------------------------------------------------------------------
// Recording a delivered call

type RecordInput = (TransferCallback | ManualCall) & { callId?: string };

class DuplicateCall extends Error {}
/** A lot was paid for between the preparation of its rows and the transaction: prepare and try again. */
class RowsMissing extends Error {}

async function existingAnswer(deps: AppDeps, externalCallId: string, userId: number): Promise<TransferCallbackAccepted | null> {
  const row = (await TransferCall.query(deps.db).where({ externalCallId }).first()) as CallRow | undefined;
  if (!row) return null;
  if (Number(row.userId) !== userId) {
    throw new TransferRefused(409, 'call_id_conflict', 'This callId is already recorded for another agent.');
  }
  const balance = await remainingBalance(deps.db, userId);
  const controls = await readControls(deps.db, userId);
  return acceptedView(row, true, balance, controls.paused && (controls.pausedReason !== 'no_balance' || balance === 0), controls.deliveryPhone);
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
          return acceptedView({ ...stored, id, agentHungUpAfterYes: row.agentHungUpAfterYes } as CallRow, false, balance, agentPaused, controls.deliveryPhone);
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
