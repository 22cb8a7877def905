// What a transfer must pass before it is recorded or offered: the call's times in their window, the agent
// the payload names (and not deactivated), and the pre-transfer check of the agent's controls and balance.
import { controlsRefusal } from '@tm/shared/logic/transfer-rules';
import { dialablePhone } from '@tm/shared/logic/phone-search';
import type { TransferCheck } from '@tm/shared/schemas/transfers';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { REFUSAL_STATUS, TransferRefused } from './errors.ts';
import { transferLots } from './lots.service.ts';
import { callsOnLocalDay, readControls } from './settings.service.ts';
import { User } from '../../models/index.ts';

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

// ---------------------------------------------------------------------------------------------
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

/** Transfers left on the agent's paid orders. */
export async function remainingBalance(trx: Db | Knex.Transaction, userId: number): Promise<number> {
  return (await transferLots(trx, userId)).reduce((s, l) => s + l.remaining, 0);
}

/** The number the caller system rings for the agent: the delivery phone in E.164, null when none (decisions 271, 278). */
export async function deliveryPhoneOf(db: Db, agentId: number): Promise<string | null> {
  return dialablePhone((await readControls(db, agentId)).deliveryPhone);
}

/**
 * Would a transfer to this agent from this state be taken right now? (The caller system may ask first.) Yes
 * answers with the number to ring: the agent's delivery phone in E.164, null when none is set (decision 271).
 */
export async function checkTransfer(deps: AppDeps, input: TransferCheck): Promise<{ ok: true; balanceRemaining: number; deliveryPhone: string | null }> {
  const agent = await resolveAgent(deps.db, input);
  refuseDeactivated(agent);
  const now = deps.clock.now();
  const controls = await readControls(deps.db, agent.id);
  const balance = await remainingBalance(deps.db, agent.id);
  const callsThatDay = await callsOnLocalDay(deps.db, agent.id, now, controls.timeZone);
  const refusal = controlsRefusal(controls, { startedAt: now, state: input.state }, { callsThatDay, balance });
  if (refusal) throw new TransferRefused(REFUSAL_STATUS, refusal.reason, refusal.message);
  if (balance === 0) throw new TransferRefused(REFUSAL_STATUS, 'no_balance', 'The agent has no transfers left in their balance.');
  return { ok: true, balanceRemaining: balance, deliveryPhone: dialablePhone(controls.deliveryPhone) };
}
