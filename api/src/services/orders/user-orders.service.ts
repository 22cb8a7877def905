// The dashboard's own orders, by PaymentIntent, for THIS user only. After the payment form reports
// success the dashboard asks (a POST) whether the purchase is recorded: the answer comes from the server's
// own check of the intent (the orders service retrieves it and fulfils a verified success); a
// client-sent user id or "it succeeded" is never trusted. Cancel gives back what an abandoned
// checkout reserved instead of holding it until the reservation lapses.
import type { PurchaseConfirmation } from '@tm/shared/schemas/dashboard';
import type { AppDeps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { applyIntentOutcome } from './payment-outcome.service.ts';
import { getOrderByIntent } from './orders.service.ts';
import { checkOrderPayment } from './payment-check.service.ts';
import type { OrderKind } from './types.ts';
import { Appointment, Lead, Order } from '../../models/index.ts';

export const RECORD_FAILED_MESSAGE = 'Failed to record purchase';

/** The answer's shape lives beside the portal's parser: schemas/dashboard.ts (purchaseConfirmationSchema). */
export type ConfirmedPurchase = PurchaseConfirmation;

async function ownOrder(deps: AppDeps, userId: number, kind: OrderKind, paymentIntentId: string): Promise<{ id: number; status: string }> {
  const own = await Order.query(deps.db).where({ paymentIntentId, userId, kind }).select('id', 'status').first();
  // Someone else's intent, or an unknown one: the same answer, so ids cannot be probed.
  if (!own) throw notFound('Order not found');
  return own;
}

export async function confirmUserOrder(deps: AppDeps, userId: number, kind: OrderKind, paymentIntentId: string): Promise<ConfirmedPurchase> {
  const own = await ownOrder(deps, userId, kind, paymentIntentId);
  await checkOrderPayment(deps, { id: Number(own.id), paymentIntentId, status: own.status }, { waitForCheck: true });
  const view = await getOrderByIntent(deps, paymentIntentId);
  if (view.status !== 'paid') {
    throw new HttpError(409, view.failureMessage ?? RECORD_FAILED_MESSAGE);
  }
  const mine = { reservedOrderId: own.id, buyerId: userId, status: 'sold' };
  const items =
    kind === 'leads'
      ? await Lead.query(deps.db).where(mine).select('id')
      : kind === 'appointments'
        ? await Appointment.query(deps.db).where(mine).select('id')
        : [];
  const itemIds = items.map((r) => Number(r.id));
  return { success: true, recorded: true, orderId: Number(own.id), status: 'paid', itemIds: itemIds.sort((a, b) => a - b) };
}

/**
 * The buyer closed the payment form: cancel the intent at the provider and apply the canceled
 * outcome now (the webhook would do the same later), which releases the reserved items.
 * An intent that already succeeded is left alone.
 */
export async function cancelUserOrder(deps: AppDeps, userId: number, kind: OrderKind, paymentIntentId: string): Promise<{ status: string }> {
  const own = await ownOrder(deps, userId, kind, paymentIntentId);
  if (own.status !== 'pending') return { status: own.status };
  let intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId);
  if (intent.status === 'succeeded' || intent.status === 'processing') return { status: own.status };
  if (intent.status !== 'canceled') intent = await deps.stripe.paymentIntents.cancel(paymentIntentId);
  await applyIntentOutcome(deps, { eventId: null, type: 'payment_intent.canceled', intent });
  const after = await Order.query(deps.db).findById(own.id).select('status');
  return { status: after?.status ?? own.status };
}
