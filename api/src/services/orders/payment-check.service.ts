// Asking the payment provider about unpaid orders: the buyer's return page, a buyer's confirm and the
// payment-check job (a verified success is applied as the webhook would apply it).
import Stripe from 'stripe';
import type { OrderView } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { fromDbDate, toDbDate } from '../../db/dates.ts';
import { Order } from '../../models/index.ts';

import { getOrderByIntent } from './orders.service.ts';
import { applyIntentOutcome } from './payment-outcome.service.ts';

/** The provider is asked about one intent at most once per this interval (a buyer's confirm, the payment-check job). */
export const PROVIDER_CHECK_INTERVAL_MS = 3000;

/**
 * The buyer's return page asks: the order a PaymentIntent pays for, after asking the provider about an
 * order that is not paid (the latest attempt decides: a decline and then a good card shows paid even when
 * the success event is still on its way). The intent id is the capability, as for the GET.
 */
export async function checkOrderByIntent(deps: AppDeps, intentId: string): Promise<OrderView> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) throw notFound('Order not found');
  const order = await Order.query(deps.db).where({ paymentIntentId: intentId }).select('id', 'paymentIntentId', 'status').first();
  if (!order) throw notFound('Order not found');
  if (order.status !== 'paid' && order.status !== 'refunded') {
    await checkOrderPayment(deps, { id: Number(order.id), paymentIntentId: order.paymentIntentId, status: order.status });
  }
  return getOrderByIntent(deps, intentId);
}

/**
 * Asks the provider about an unpaid order's intent and applies a verified success (the webhook may be
 * slow or lost). At most once per PROVIDER_CHECK_INTERVAL_MS per order across every process (see
 * claimProviderCheck). Returns the applied outcome, or null when it did not ask or nothing succeeded.
 */
export async function checkOrderPayment(
  deps: AppDeps,
  order: { id: number; paymentIntentId: string | null; status: string },
  opts: { waitForCheck?: boolean } = {},
): Promise<string | null> {
  if (!order.paymentIntentId || order.status === 'paid' || order.status === 'refunded') return null;
  if (!(await claimProviderCheck(deps, order.id, opts.waitForCheck ?? false))) return null;
  let intent: Stripe.PaymentIntent | null = null;
  try {
    intent = await deps.stripe.paymentIntents.retrieve(order.paymentIntentId);
  } catch (err) {
    deps.logger.warn({ err, intentId: order.paymentIntentId }, 'retrieving the PaymentIntent failed');
  }
  if (intent?.status !== 'succeeded') return null;
  return applyIntentOutcome(deps, { eventId: null, type: 'payment_intent.succeeded', intent });
}

/** Pending orders younger than this are checked at the provider by the payment-check job. */
export const PAYMENT_CHECK_WINDOW_MS = 2 * 60 * 60_000;
/** At most this many orders asked about per run (the oldest-checked first). */
export const PAYMENT_CHECK_BATCH = 100;

/**
 * The payment-check job (api/src/jobs/core.ts): pending orders of the last PAYMENT_CHECK_WINDOW_MS whose
 * intent may have succeeded without its webhook arriving are retrieved from the provider and a verified
 * success is applied (fulfilled once, as the webhook would). An order is asked about again after a tenth
 * of its age (at least PROVIDER_CHECK_INTERVAL_MS), so abandoned checkouts cost few provider calls; Stripe
 * itself retries a webhook for days. Returns how many orders it paid.
 */
export async function checkPendingPayments(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const wall = Date.now();
  const due = await Order.query(deps.db)
    .where({ status: 'pending' })
    .whereNotNull('paymentIntentId')
    .where('createdAt', '>=', toDbDate(new Date(now - PAYMENT_CHECK_WINDOW_MS)))
    .where((q) => q.whereNull('providerCheckedAt').orWhere('providerCheckedAt', '<=', toDbDate(new Date(wall - PROVIDER_CHECK_INTERVAL_MS))))
    .orderBy('providerCheckedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(PAYMENT_CHECK_BATCH)
    .select('id', 'paymentIntentId', 'createdAt', 'providerCheckedAt');
  let paid = 0;
  for (const o of due) {
    const age = Math.max(0, now - (fromDbDate(o.createdAt)?.getTime() ?? now));
    const checked = fromDbDate(o.providerCheckedAt)?.getTime();
    if (checked !== undefined && wall - checked < Math.max(PROVIDER_CHECK_INTERVAL_MS, age / 10)) continue;
    const outcome = await checkOrderPayment(deps, { id: Number(o.id), paymentIntentId: o.paymentIntentId, status: 'pending' });
    if (outcome?.startsWith('paid')) paid++;
  }
  return paid;
}

/**
 * May this request ask the provider about the order's intent? At most once per
 * PROVIDER_CHECK_INTERVAL_MS per order, across every process: a compare-and-set on
 * orders.provider_checked_at (wall-clock time: this paces the provider, it is no business date).
 * With waitForCheck, a request inside the interval waits for it to pass once and tries again (so a
 * buyer's confirm right after paying still sees the provider's answer); if another request claimed the
 * check meanwhile, it answers false (that check updates the database).
 */
async function claimProviderCheck(deps: AppDeps, orderId: number, waitForCheck: boolean): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const claimed = await Order.query(deps.db)
      .where({ id: orderId })
      .where((q) => q.whereNull('providerCheckedAt').orWhere('providerCheckedAt', '<=', toDbDate(new Date(now - PROVIDER_CHECK_INTERVAL_MS))))
      .patch({ providerCheckedAt: toDbDate(new Date(now)) });
    if (Number(claimed) > 0) return true;
    if (!waitForCheck || attempt > 0) return false;
    const row = await Order.query(deps.db).findById(orderId).select('providerCheckedAt');
    const last = fromDbDate(row?.providerCheckedAt)?.getTime() ?? now;
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(PROVIDER_CHECK_INTERVAL_MS, last + PROVIDER_CHECK_INTERVAL_MS - now)) + 5));
  }
}
