// Stale pending orders and an admin's cancel (issue 26, "Tools to correct mistakes").
import Stripe from 'stripe';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import type { OrderKind } from './types.ts';
import { adminById, recordAudit } from '../audit/audit.service.ts';
import { withRetry } from '../../db/retry.ts';
import { recordOrderEvent } from './order-events.ts';
import { Order } from '../../models/index.ts';

import { applyIntentOutcome } from './payment-outcome.service.ts';
import { cancelIntents, releaseOrderItems } from './reservations.service.ts';

export const staleOrderMessage = (ttlMs: number) => `Not paid within ${formatTtl(ttlMs)}; the order expired.`;
export const ADMIN_CANCELED_MESSAGE = 'Canceled by an admin.';
export const NOT_PENDING_MESSAGE = 'Only pending (unpaid) orders can be canceled.';
export const JUST_PAID_MESSAGE = 'This order was paid a moment ago, so it was not canceled. Reload it.';
/** At most this many stale orders expired per run (the next run takes the rest). */
export const STALE_ORDER_BATCH = 200;

function formatTtl(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Moves one pending order to `status` (compare-and-set), gives back its items and records why. */
async function closePending(
  trx: Knex.Transaction,
  order: { id: number; kind: string },
  status: 'expired' | 'canceled',
  message: string,
  stamp: string,
  actorUserId: number | null,
): Promise<boolean> {
  const n = await Order.query(trx).where({ id: order.id, status: 'pending' }).patch({ status, failureMessage: message, updatedAt: stamp });
  if (Number(n) !== 1) return false;
  await releaseOrderItems(trx, order.kind as OrderKind, order.id);
  await recordOrderEvent(trx, order.id, status, { message }, actorUserId);
  return true;
}

/**
 * The stale-order job (api/src/jobs/core.ts): pending orders created more than config.pendingOrderTtlMs
 * ago are expired (their held items given back) and their intents canceled at the provider. The payment
 * check has asked about them long before; a payment that still arrives later is applied as for any
 * expired order ("paid (was expired)"). Returns how many orders it expired.
 */
export async function expireStaleOrders(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'stripe'>): Promise<number> {
  const now = deps.clock.now();
  const stamp = toDbDate(now);
  const stale = await Order.query(deps.db)
    .where({ status: 'pending' })
    .where('createdAt', '<', toDbDate(new Date(now.getTime() - deps.config.pendingOrderTtlMs)))
    .orderBy('id', 'asc')
    .limit(STALE_ORDER_BATCH)
    .select('id', 'kind', 'paymentIntentId');
  const message = staleOrderMessage(deps.config.pendingOrderTtlMs);
  const toCancel: string[] = [];
  let expired = 0;
  for (const o of stale) {
    const done = await withRetry(() => deps.db.transaction((trx) => closePending(trx, { id: Number(o.id), kind: o.kind }, 'expired', message, stamp, null)));
    if (!done) continue;
    expired++;
    if (o.paymentIntentId) toCancel.push(o.paymentIntentId);
  }
  cancelIntents(deps, toCancel);
  return expired;
}

/**
 * An admin cancels a pending order: its intent is canceled at the provider first (so a card typed into
 * the open form cannot pay for it), then the order is canceled and its held items given back. 409 when
 * the order is not pending, or when the provider says it was just paid (that payment is applied).
 */
export async function cancelPendingOrder(deps: AppDeps, orderId: number, actorUserId: number): Promise<void> {
  const o = await Order.query(deps.db).findById(orderId).select('id', 'kind', 'status', 'paymentIntentId', 'userId', 'amountCents');
  if (!o) throw notFound('Order not found');
  if (o.status !== 'pending') throw conflict(NOT_PENDING_MESSAGE);
  if (o.paymentIntentId) {
    try {
      await deps.stripe.paymentIntents.cancel(o.paymentIntentId);
    } catch (err) {
      let intent: Stripe.PaymentIntent | null = null;
      try {
        intent = await deps.stripe.paymentIntents.retrieve(o.paymentIntentId);
      } catch {
        intent = null;
      }
      if (intent?.status === 'succeeded') {
        await applyIntentOutcome(deps, { eventId: null, type: 'payment_intent.succeeded', intent });
        throw conflict(JUST_PAID_MESSAGE);
      }
      if (intent?.status !== 'canceled') deps.logger.warn({ err, orderId }, 'canceling the PaymentIntent failed; the order is canceled anyway');
    }
  }
  const stamp = toDbDate(deps.clock.now());
  const done = await withRetry(() =>
    deps.db.transaction(async (trx) => {
      const closed = await closePending(trx, { id: Number(o.id), kind: o.kind }, 'canceled', ADMIN_CANCELED_MESSAGE, stamp, actorUserId);
      // In the audit log like every other admin move of an order (issue 34 item 8).
      if (closed)
        await recordAudit(trx, {
          actor: adminById(actorUserId),
          action: 'order.canceled',
          entity: 'order',
          entityId: Number(o.id),
          userId: o.userId,
          before: { status: 'pending' },
          after: { status: 'canceled', amountCents: Number(o.amountCents) },
          at: deps.clock.now(),
        });
      return closed;
    }),
  );
  if (!done) throw conflict(NOT_PENDING_MESSAGE);
}
