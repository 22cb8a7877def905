// The low-balance e-mail (issue 26 item 5): sent when the agent's transfer balance crosses down to
// their own threshold (users.low_balance_threshold, BALANCE_LOW_AT by default; issue 36) or below, whatever moved it (a call drawn, a refund taking transfers back, an admin's
// hand-entered call), once per crossing. Every change that lowers a balance runs inside a transaction
// that first holds the agent's settings row (lockBalance), so this agent's balance changes happen one
// after another and each sees the balance as the one before it left it: the crossing from above the
// threshold to at or below it is seen by exactly one change, also under concurrent requests. Going back
// above the threshold (a purchase, a credited dispute) arms it again by itself: the next fall crosses again.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { enqueueUserMail } from '../mail/account-mail.ts';
import { balanceLowMail } from '../mail/messages.ts';
import { transferLots } from './lots.service.ts';
import { AgentTransferSetting, User } from '../../models/index.ts';
import type { Db } from '../../db/index.ts';

/** The default balance at which an agent is warned by e-mail ("5 transfers left"); each buyer may have their own. */
export const BALANCE_LOW_AT = 5;

/** The buyer's own low-balance threshold (read in the transaction of the change). */
export async function lowBalanceThresholdOf(db: Db | Knex.Transaction, userId: number): Promise<number> {
  const row = await User.query(db).findById(userId).select('lowBalanceThreshold');
  return row ? Number(row.lowBalanceThreshold) : BALANCE_LOW_AT;
}

/** The agent's transfer balance as this transaction sees it. */
export async function balanceIn(trx: Knex.Transaction, userId: number): Promise<number> {
  return (await transferLots(trx, userId)).reduce((s, l) => s + l.remaining, 0);
}

/**
 * Holds the agent's settings row for the rest of the transaction (the row must exist: ensureSettingsRow
 * before the transaction) and answers the balance as it is now. Take it first, before any other lock.
 */
export async function lockBalance(trx: Knex.Transaction, userId: number): Promise<number> {
  await AgentTransferSetting.query(trx).where({ userId }).forUpdate().select('userId').first();
  return balanceIn(trx, userId);
}

/** Did a change from `before` to `after` cross down to the low-balance threshold (and leave some)? */
export function crossedLow(before: number, after: number, threshold = BALANCE_LOW_AT): boolean {
  return before > threshold && after <= threshold && after > 0;
}

/**
 * After a change of the agent's balance (inside the transaction that held lockBalance): queues the
 * low-balance e-mail when the change crossed the threshold. `ref` names the change (e.g. `call-12`,
 * `refund-3`) in the mail's dedupe key. A fall to zero is not "low": a call that empties the balance
 * sends the balance-empty mail instead, and a refund of everything is told by the refund itself.
 */
export async function noteBalanceChange(
  trx: Knex.Transaction,
  deps: Pick<AppDeps, 'config'>,
  userId: number,
  change: { before: number; after: number; ref: string },
  now: Date,
): Promise<boolean> {
  if (!crossedLow(change.before, change.after, await lowBalanceThresholdOf(trx, userId))) return false;
  await enqueueUserMail(trx, deps.config, userId, now, (to) => balanceLowMail(deps.config, to, change.after, change.ref));
  return true;
}
