// Refunds of an order (whole or partial) through the payment provider, by an admin.
//
// A refund first claims its amount in the database (compare-and-set on orders.refunded_cents, the
// transfer lot's capacity and a refunds row with a unique idempotency key, one transaction), then asks
// the provider with that key; a provider failure gives the claim back. So concurrent refunds of the
// same order refund once, a repeat of the same key answers the first refund, and the amount refunded
// can never exceed what was paid (decision 035).
import type { Knex } from 'knex';
import { raw } from 'objection';
import type { RefundResult } from '@tm/shared/schemas/admin-business';
import { centsToDecimal } from '@tm/shared';
import { bufferSecondsFor } from '@tm/shared/logic/transfer-rules';
import type { AppDeps } from '../../deps.ts';
import { conflict, forbidden, HttpError, notFound } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { withRetry } from '../../db/retry.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isTransferOrder, refundedTransfers } from '../transfers/lots.service.ts';
import { enqueueRefundMail } from '../mail/order-mail.ts';
import { adminById, recordAudit } from '../audit/audit.service.ts';
import { balanceIn, lockBalance, noteBalanceChange } from '../transfers/balance-alerts.ts';
import { ensureSettingsRow } from '../transfers/settings.service.ts';
import { recordOrderEvent } from './order-events.ts';
import { Order, Refund, TransferOrderUsage } from '../../models/index.ts';

import { getAdminOrder, moneyOnlyCap } from './admin-orders.service.ts';
import { num } from '../../db/numbers.ts';

export const ALREADY_REFUNDED_MESSAGE = 'This order is already fully refunded.';
export const NOT_REFUNDABLE_MESSAGE = 'Only paid orders can be refunded.';
export const REFUND_CHANGED_MESSAGE = 'This order was refunded by someone else a moment ago. Reload it and try again.';
export const overRefundMessage = (remainingCents: number) => `The refund is more than what is left to refund ($${centsToDecimal(remainingCents)}).`;
export const OWN_ORDER_REFUND_MESSAGE = 'You cannot refund your own order. Another admin must do it.';
export const moneyOnlyCapMessage = (capCents: number, unused: number) =>
  capCents <= 0
    ? `Nothing can be refunded as money only: what is left pays for the ${unused} unused transfer${unused === 1 ? '' : 's'}. Refund with the transfers taken back instead.`
    : `A money-only refund can be at most $${centsToDecimal(capCents)}: the rest pays for the ${unused} unused transfer${unused === 1 ? '' : 's'}, which a refund with the transfers taken back returns.`;
export const usedTransfersMessage = (unused: number) =>
  `Only ${unused} transfer${unused === 1 ? '' : 's'} of this order ${unused === 1 ? 'is' : 'are'} unused; a refund cannot take back transfers already delivered.`;

type OrderForRefund = Pick<
  Order,
  'id' | 'userId' | 'kind' | 'tier' | 'count' | 'unitPriceCents' | 'amountCents' | 'refundedCents' | 'status' | 'paymentIntentId' | 'metadata'
>;

async function duplicateOf(deps: AppDeps, key: string): Promise<RefundResult | null> {
  const existing = await Refund.query(deps.db).where({ idempotencyKey: key }).select('id', 'orderId').first();
  if (!existing) return null;
  const order = await getAdminOrder(deps.db, num(existing.orderId));
  const refund = order.refunds.find((r) => r.id === num(existing.id))!;
  return { refund, duplicate: true, order };
}

/** The lot capacity an order keeps after refunds that take transfers of `takingCents` in all. */
function capacityAfter(o: OrderForRefund, takingCents: number): number {
  return o.count - refundedTransfers(takingCents, o.unitPriceCents, o.count);
}

/** Cents of this order's live (pending or succeeded) refunds that take transfers back. */
async function takingCentsOf(trx: Knex.Transaction, orderId: number): Promise<number> {
  const row = (await Refund.query(trx)
    .where({ orderId, moneyOnly: false })
    .whereIn('status', ['pending', 'succeeded'])
    .sum('amountCents as cents')
    .first()) as unknown as { cents?: number | string | null } | undefined;
  return num(row?.cents);
}

/**
 * Refunds `amountCents` of a paid order (all that is left when absent). 409 when the order is not paid,
 * already fully refunded, the amount is more than what is left, the refund would take back transfers
 * already delivered, or another refund changed the order meanwhile. A repeated idempotency key answers
 * the refund it made (duplicate: true) and refunds nothing.
 */
export async function refundOrder(
  deps: AppDeps,
  orderId: number,
  input: { amountCents?: number; reason?: string; moneyOnly?: boolean; idempotencyKey: string },
  actorUserId: number | null,
): Promise<RefundResult> {
  const key = `admin-${orderId}-${input.idempotencyKey}`;
  const o: OrderForRefund | undefined = await Order.query(deps.db)
    .findById(orderId)
    .select('id', 'userId', 'kind', 'tier', 'count', 'unitPriceCents', 'amountCents', 'refundedCents', 'status', 'paymentIntentId', 'metadata');
  if (!o) throw notFound('Order not found');
  // Separation of duties (issue 27 L4), as for disputes: nobody refunds money to themselves.
  if (actorUserId !== null && o.userId !== null && Number(o.userId) === actorUserId) throw forbidden(OWN_ORDER_REFUND_MESSAGE);
  const dup = await duplicateOf(deps, key);
  if (dup) return dup;
  for (const k of ['id', 'count', 'unitPriceCents', 'amountCents', 'refundedCents'] as const) o[k] = Number(o[k]);
  if (o.status === 'refunded') throw conflict(ALREADY_REFUNDED_MESSAGE);
  if (o.status !== 'paid' || !o.paymentIntentId) throw conflict(NOT_REFUNDABLE_MESSAGE);
  const before = o.refundedCents;
  const remaining = o.amountCents - before;
  if (remaining <= 0) throw conflict(ALREADY_REFUNDED_MESSAGE);
  const amount = input.amountCents ?? remaining;
  if (amount > remaining) throw conflict(overRefundMessage(remaining), { amountCents: overRefundMessage(remaining) });
  const after = before + amount;
  const lot = isTransferOrder(o) && o.userId !== null;
  const moneyOnly = lot && input.moneyOnly === true;
  const now = toDbDate(deps.clock.now());

  if (lot) {
    // The usage row must exist before the transaction (inserting it under locks deadlocks on MariaDB, decision 020).
    await TransferOrderUsage.query(deps.db)
      .insert({ orderId, userId: o.userId as number, capacity: o.count, used: 0, bufferSeconds: bufferSecondsFor(o), updatedAt: now })
      .onConflict('orderId')
      .ignore();
    // So is the agent's settings row, which the refund holds while it takes transfers back (decision 156).
    await ensureSettingsRow(deps.db, o.userId as number);
  }

  let refundId: number;
  try {
    refundId = await withRetry(() =>
      deps.db.transaction(async (trx) => {
        // The agent's balance changes one change at a time (the low-balance e-mail sees each crossing once).
        const balanceBefore = lot ? await lockBalance(trx, o.userId as number) : 0;
        const n = await Order.query(trx)
          .where({ id: orderId, status: 'paid', refundedCents: before })
          .patch({ refundedCents: after, status: after >= o.amountCents ? 'refunded' : 'paid', updatedAt: now });
        if (Number(n) !== 1) throw conflict(REFUND_CHANGED_MESSAGE);
        // Every refund writer moves the order row first, so the refunds read here are settled.
        let taken: number | null = null;
        if (lot) {
          const taking = await takingCentsOf(trx, orderId);
          const capBefore = capacityAfter(o, taking);
          if (moneyOnly) {
            const usage = await TransferOrderUsage.query(trx).findById(orderId).select('used');
            const unused = Math.max(0, capBefore - num(usage?.used));
            const cap = moneyOnlyCap(remaining, unused, o.unitPriceCents);
            if (amount > cap) throw conflict(moneyOnlyCapMessage(cap, unused), { amountCents: moneyOnlyCapMessage(cap, unused) });
            taken = 0;
          } else {
            const cap = capacityAfter(o, taking + amount);
            const m = await TransferOrderUsage.query(trx).where({ orderId }).where('used', '<=', cap).patch({ capacity: cap, updatedAt: now });
            if (Number(m) !== 1) {
              const usage = await TransferOrderUsage.query(trx).findById(orderId).select('used');
              throw conflict(usedTransfersMessage(Math.max(0, capBefore - num(usage?.used))));
            }
            taken = capBefore - cap;
          }
        }
        const { id } = await Refund.query(trx).insert({
          orderId,
          amountCents: amount,
          status: 'pending',
          idempotencyKey: key,
          reason: input.reason || null,
          createdByUserId: actorUserId,
          transfersTakenBack: taken,
          moneyOnly,
          createdAt: now,
          updatedAt: now,
        });
        if (lot) {
          const userId = o.userId as number;
          const change = { before: balanceBefore, after: await balanceIn(trx, userId), ref: `refund-${id}` };
          await noteBalanceChange(trx, deps, userId, change, deps.clock.now());
        }
        return Number(id);
      }),
    );
  } catch (err) {
    // A racing request of the same refund got there first: answer its refund.
    if ((err instanceof HttpError && err.message === REFUND_CHANGED_MESSAGE) || isUniqueViolation(err)) {
      const dup = await duplicateOf(deps, key);
      if (dup) return dup;
      throw conflict(REFUND_CHANGED_MESSAGE);
    }
    throw err;
  }

  try {
    const re = await deps.stripe.refunds.create(
      { payment_intent: o.paymentIntentId, amount, reason: 'requested_by_customer', metadata: { orderId: String(orderId), refundId: String(refundId) } },
      { idempotencyKey: `refund-${key}` },
    );
    if (re.status === 'failed' || re.status === 'canceled') throw new Error(re.failure_reason ?? `The refund ${re.status}`);
    await withRetry(() =>
      deps.db.transaction(async (trx) => {
        await Refund.query(trx)
          .where({ id: refundId })
          .patch({ status: 'succeeded', providerRefundId: re.id, updatedAt: toDbDate(deps.clock.now()) });
        const saved = await Refund.query(trx).findById(refundId).select('transfersTakenBack');
        const taken = saved?.transfersTakenBack === null || saved?.transfersTakenBack === undefined ? null : num(saved.transfersTakenBack);
        await recordOrderEvent(
          trx,
          orderId,
          'refund',
          {
            refundId,
            amountCents: amount,
            refundedCents: after,
            providerRefundId: re.id,
            reason: input.reason || null,
            ...(lot ? { transfersRemoved: taken ?? 0, moneyOnly } : {}),
          },
          actorUserId,
        );
        await enqueueRefundMail(trx, deps.config, deps.clock.now(), o, { refundId, amount, refundedCents: after, taken: lot ? (taken ?? 0) : null, moneyOnly });
        await recordAudit(trx, {
          actor: adminById(actorUserId),
          action: 'order.refunded',
          entity: 'order',
          entityId: orderId,
          userId: o.userId,
          after: {
            amountCents: amount,
            refundedCents: after,
            reason: input.reason || null,
            ...(lot ? { transfersRemoved: taken ?? 0, moneyOnly } : {}),
          },
          at: deps.clock.now(),
        });
      }),
    );
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    deps.logger.error({ err, orderId, refundId }, 'refund refused by the payment provider; the claim is given back');
    // Give the claim back (later refunds may have claimed more meanwhile: subtract, do not overwrite).
    await withRetry(() =>
      deps.db.transaction(async (trx) => {
        await Order.query(trx)
          .where({ id: orderId })
          .patch({ refundedCents: raw('?? - ?', ['refundedCents', amount]), status: 'paid', updatedAt: toDbDate(deps.clock.now()) });
        await Refund.query(trx)
          .where({ id: refundId })
          .patch({ status: 'failed', failureMessage: message, updatedAt: toDbDate(deps.clock.now()) });
        if (lot) {
          await TransferOrderUsage.query(trx)
            .where({ orderId })
            .patch({ capacity: capacityAfter(o, await takingCentsOf(trx, orderId)), updatedAt: toDbDate(deps.clock.now()) });
        }
        await recordOrderEvent(trx, orderId, 'refund_failed', { refundId, amountCents: amount, message }, actorUserId);
      }),
    );
    throw new HttpError(502, `The payment provider did not refund: ${message}`);
  }
  const order = await getAdminOrder(deps.db, orderId);
  return { refund: order.refunds.find((r) => r.id === refundId)!, duplicate: false, order };
}
