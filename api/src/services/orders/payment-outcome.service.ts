// Payment outcomes: a verified PaymentIntent outcome moves its order once (paid and fulfilled, failed,
// or refunded when the items were sold meanwhile), with a refund for what an aged-lead order could not get.
import { enqueueOrderPaid, enqueuePaymentFailed, enqueueRefundMail } from '../mail/order-mail.ts';
import Stripe from 'stripe';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fromDbDate, toDbDate } from '../../db/dates.ts';
import type { OrderKind, OrderStatus } from './types.ts';
import { ItemsUnavailable, sellItems } from './inventory.ts';
import { withRetry } from '../../db/retry.ts';
import { releaseOrderItems, TABLE_BY_KIND } from './reservations.service.ts';
import { recordOrderEvent } from './order-events.ts';
import { fulfilledWithItems, fulfilUnreservedOrder, type Shortfall } from './fulfilment.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { Order, OrderItem, PaymentEvent, Refund } from '../../models/index.ts';
import { linkPaidOrderBuyer } from '../accounts/funnel-buyers.service.ts';
import { autoRebillChargeOf } from '@tm/shared/logic/auto-rebill';

import { formatDollars, type OrderRow } from './orders.service.ts';

export const REFUNDED_MESSAGE = 'The selected items were sold to another buyer before your payment completed; your payment was refunded.';

/**
 * Fulfils a paid order, once (callers hold the pending -> paid transition). An anonymous buyer's account is
 * made or linked first (issue 25 item 4). Returns what an aged-lead order could not get from stock.
 */
async function fulfil(deps: AppDeps, trx: Knex.Transaction, order: OrderRow, stamp: string): Promise<Shortfall | null> {
  const { userId } = await linkPaidOrderBuyer(deps, trx, order);
  const table = TABLE_BY_KIND[order.kind as OrderKind];
  if (table) {
    const items = await OrderItem.query(trx).where({ orderId: order.id }).select('itemId');
    await sellItems(
      trx,
      table,
      items.map((i) => Number(i.itemId)),
      order.id,
      userId,
      stamp,
    );
    // CRM webhooks (decision 196): the events are written with the sale, sent after it commits.
    await emitWebhookEvents(
      trx,
      fromDbDate(stamp) ?? deps.clock.now(),
      userId,
      table === 'leads' ? 'lead.bought' : 'appointment.bought',
      items.map((i) => Number(i.itemId)),
    );
    await fulfilledWithItems(trx, order, stamp);
    return null;
  }
  return fulfilUnreservedOrder(trx, { ...order, userId }, stamp);
}

export const shortfallNote = (s: { ordered: number; delivered: number; refundCents: number }) =>
  `${s.delivered.toLocaleString('en-US')} of ${s.ordered.toLocaleString('en-US')} delivered, ${formatDollars(s.refundCents)} refunded`;

/**
 * A paid aged-lead order short of stock: the missing leads' price is claimed as a refund (status pending)
 * in the payment's transaction; the caller asks the provider after the commit (refundShortfall).
 */
async function claimShortfallRefund(trx: Knex.Transaction, order: OrderRow, short: Shortfall, stamp: string): Promise<number> {
  const all = short.refundCents >= Number(order.amountCents);
  const meta = (() => {
    try {
      return order.metadata ? (JSON.parse(order.metadata) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  })();
  const current = (await Order.query(trx).findById(order.id).select('metadata')) as Order;
  const latest = current.metadata ? (JSON.parse(current.metadata) as Record<string, unknown>) : meta;
  const note = shortfallNote(short);
  await Order.query(trx)
    .where({ id: order.id })
    .patch({
      refundedCents: short.refundCents,
      ...(all ? { status: 'refunded', failureMessage: REFUNDED_MESSAGE } : {}),
      metadata: JSON.stringify({ ...latest, shortfall: { ...short, note } }),
      updatedAt: stamp,
    });
  const { id } = await Refund.query(trx).insert({
    orderId: order.id,
    amountCents: short.refundCents,
    status: 'pending',
    idempotencyKey: `shortfall-${order.id}`,
    reason: `Not enough stock at payment: ${note}`,
    createdByUserId: null,
    createdAt: stamp,
    updatedAt: stamp,
  });
  return Number(id);
}

/** Refunds a claimed shortfall through the provider at once; a refusal is recorded for an admin to act on. */
async function refundShortfall(deps: AppDeps, intentId: string, orderId: number, refundId: number, amount: number): Promise<void> {
  const stamp = () => toDbDate(deps.clock.now());
  try {
    const re = await deps.stripe.refunds.create(
      { payment_intent: intentId, amount, metadata: { orderId: String(orderId), refundId: String(refundId), reason: 'stock_shortfall' } },
      { idempotencyKey: `refund-shortfall-${orderId}` },
    );
    if (re.status === 'failed' || re.status === 'canceled') throw new Error(re.failure_reason ?? `The refund ${re.status}`);
    await deps.db.transaction(async (trx) => {
      await Refund.query(trx).where({ id: refundId }).patch({ status: 'succeeded', providerRefundId: re.id, updatedAt: stamp() });
      await recordOrderEvent(trx, orderId, 'refund', { refundId, amountCents: amount, providerRefundId: re.id, reason: 'stock shortfall at payment' });
      // The agent is told, as for an admin's refund (issue 26 item 3): what went back and why.
      const o = await Order.query(trx).findById(orderId).select('id', 'userId', 'kind', 'tier', 'count', 'metadata', 'amountCents', 'refundedCents');
      if (o) {
        const short = (() => {
          try {
            return (JSON.parse(o.metadata ?? '{}') as { shortfall?: { note?: unknown } }).shortfall;
          } catch {
            return undefined;
          }
        })();
        const note = typeof short?.note === 'string' ? `Not enough stock was left when your payment arrived: ${short.note}.` : undefined;
        await enqueueRefundMail(trx, deps.config, deps.clock.now(), o, {
          refundId,
          amount,
          refundedCents: Number(o.refundedCents),
          taken: null,
          moneyOnly: false,
          ...(note ? { note } : {}),
        });
      }
    });
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    deps.logger.error({ err, orderId, refundId }, 'shortfall refund refused by the payment provider; refund it by hand');
    await deps.db.transaction(async (trx) => {
      await Refund.query(trx).where({ id: refundId }).patch({ status: 'failed', failureMessage: message, updatedAt: stamp() });
      await recordOrderEvent(trx, orderId, 'refund_failed', { refundId, amountCents: amount, message });
    });
  }
}

/** Stripe's documented test PaymentMethods and their cards' last four digits (the emulator's cards). */
const TEST_PM_LAST4: Record<string, string> = {
  pm_card_visa: '4242',
  pm_card_visa_debit: '5556',
  pm_card_mastercard: '4444',
  pm_card_amex: '0005',
  pm_card_discover: '1117',
  pm_card_chargeDeclined: '0002',
  pm_card_chargeDeclinedInsufficientFunds: '9995',
  pm_card_chargeDeclinedFraudulent: '0019',
  pm_card_chargeDeclinedExpiredCard: '0069',
  pm_card_chargeDeclinedIncorrectCvc: '0127',
  pm_card_chargeDeclinedProcessingError: '0119',
  pm_card_authenticationRequiredOnSetup: '3155',
  pm_card_chargeCustomerFail: '0341',
};

/** The paying card's last four digits when the intent tells them (expanded charge or method, or a test method). */
export function cardLast4(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  const fromCharge = charge && typeof charge === 'object' ? charge.payment_method_details?.card?.last4 : undefined;
  const pm = intent.payment_method;
  const fromPm = pm && typeof pm === 'object' ? pm.card?.last4 : typeof pm === 'string' ? TEST_PM_LAST4[pm] : undefined;
  const fromError = intent.last_payment_error?.payment_method?.card?.last4;
  const last4 = fromCharge ?? fromPm ?? fromError ?? null;
  return last4 && /^\d{4}$/.test(last4) ? last4 : null;
}

/** Records an event id; false when it was seen before (the repeat changes nothing). */
async function recordEvent(trx: Knex.Transaction, eventId: string, type: string, intentId: string | null): Promise<boolean> {
  try {
    await PaymentEvent.query(trx).insert({ eventId, type, paymentIntentId: intentId });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The order an intent pays for, or why the intent is not for any order of ours. */
async function orderForIntent(trx: Knex.Transaction, intent: Stripe.PaymentIntent): Promise<OrderRow | string> {
  const orderId = Number(intent.metadata?.orderId);
  const order =
    Number.isInteger(orderId) && orderId > 0 ? await Order.query(trx).findById(orderId) : await Order.query(trx).where({ paymentIntentId: intent.id }).first();
  if (!order) return 'ignored: unknown order';
  if (order.paymentIntentId !== intent.id) return 'ignored: intent does not belong to the order';
  return order;
}

export type IntentEventOutcome = string;

/**
 * Applies a verified PaymentIntent outcome. eventId (a webhook event) is recorded first in the same
 * transaction, so a repeat is a no-op; a server-side retrieve passes eventId null.
 */
export async function applyIntentOutcome(
  deps: AppDeps,
  ev: { eventId: string | null; type: string; intent: Stripe.PaymentIntent | null },
): Promise<IntentEventOutcome> {
  const { intent } = ev;
  let refundOrderId: number | null = null;
  let shortfall: { orderId: number; refundId: number; amount: number } | null = null;
  const outcome = await withRetry(() =>
    deps.db.transaction(async (trx) => {
      refundOrderId = null;
      shortfall = null;
      if (ev.eventId && !(await recordEvent(trx, ev.eventId, ev.type, intent?.id ?? null))) return 'duplicate';
      const result = intent
        ? await applyInTransaction(
            deps,
            trx,
            ev.type,
            intent,
            (id) => (refundOrderId = id),
            (s) => (shortfall = s),
          )
        : 'ignored: event type';
      if (ev.eventId)
        await PaymentEvent.query(trx)
          .where({ eventId: ev.eventId })
          .patch({ outcome: result.slice(0, 100) });
      return result;
    }),
  );
  if (refundOrderId !== null && intent) await refundIntent(deps, intent.id, refundOrderId);
  const short = shortfall as { orderId: number; refundId: number; amount: number } | null;
  if (short && intent) await refundShortfall(deps, intent.id, short.orderId, short.refundId, short.amount);
  if (outcome.startsWith('ignored: amount')) deps.logger.warn({ intent: intent?.id, outcome }, 'payment event refused');
  return outcome;
}

async function applyInTransaction(
  deps: AppDeps,
  trx: Knex.Transaction,
  type: string,
  intent: Stripe.PaymentIntent,
  needsRefund: (orderId: number) => void,
  needsShortfallRefund: (s: { orderId: number; refundId: number; amount: number }) => void = () => {},
): Promise<string> {
  const isSuccess = type === 'payment_intent.succeeded';
  const isFailure = type === 'payment_intent.payment_failed' || type === 'payment_intent.canceled';
  if (!isSuccess && !isFailure) return 'ignored: event type';
  const order = await orderForIntent(trx, intent);
  if (typeof order === 'string') return order;
  const stamp = toDbDate(deps.clock.now());

  if (isFailure) {
    if (order.status !== 'pending') return `ignored: order already ${order.status}`;
    const status: OrderStatus = type === 'payment_intent.canceled' ? 'canceled' : 'failed';
    const message = intent.last_payment_error?.message ?? (status === 'canceled' ? 'The payment was canceled.' : 'The payment failed.');
    const n = await Order.query(trx)
      .where({ id: order.id, status: 'pending' })
      .patch({ status, failureMessage: message.slice(0, 500), updatedAt: stamp });
    if (n === 0) return 'ignored: order already handled';
    await releaseOrderItems(trx, order.kind as OrderKind, order.id);
    await recordOrderEvent(trx, order.id, 'payment_failed', {
      status,
      message: message.slice(0, 500),
      paymentIntentId: intent.id,
      code: intent.last_payment_error?.code ?? null,
    });
    // An auto-rebill top-up's refusal has its one e-mail already, with the link to pay (decision 246).
    if (status === 'failed' && !autoRebillChargeOf(order.metadata)) await enqueuePaymentFailed(trx, deps.config, order.id, deps.clock.now());
    return status;
  }

  if (intent.status !== 'succeeded') return 'ignored: intent not succeeded';
  if (intent.amount !== order.amountCents || intent.currency !== order.currency) return 'ignored: amount does not match the order';
  if (order.status === 'paid' || order.status === 'refunded') return `ignored: order already ${order.status}`;
  // Compare-and-set on the status read above: of two racing deliveries, one moves the order.
  const last4 = cardLast4(intent);
  const n = await Order.query(trx)
    .where({ id: order.id, status: order.status })
    .patch({ status: 'paid', paidAt: stamp, failureMessage: null, updatedAt: stamp, ...(last4 ? { cardLast4: last4 } : {}) });
  if (n === 0) return 'ignored: order already handled';
  await recordOrderEvent(trx, order.id, 'payment_succeeded', {
    amountCents: intent.amount,
    paymentIntentId: intent.id,
    cardLast4: last4,
    ...(order.status !== 'pending' ? { was: order.status } : {}),
  });
  let short: Shortfall | null = null;
  try {
    short = await trx.transaction((sp) => fulfil(deps, sp, order, stamp));
  } catch (err) {
    if (!(err instanceof ItemsUnavailable)) throw err;
    // Paid after the reservation lapsed, and another buyer has the items since: refund.
    await Order.query(trx)
      .where({ id: order.id })
      .patch({ status: 'refunded', failureMessage: REFUNDED_MESSAGE, refundedCents: order.amountCents, fulfilmentStatus: null, updatedAt: stamp });
    await releaseOrderItems(trx, order.kind as OrderKind, order.id);
    await recordOrderEvent(trx, order.id, 'refund', { reason: 'items sold to another buyer before the payment completed', amountCents: order.amountCents });
    needsRefund(order.id);
    return 'refunded';
  }
  if (short) {
    const refundId = await claimShortfallRefund(trx, order, short, stamp);
    needsShortfallRefund({ orderId: order.id, refundId, amount: short.refundCents });
  }
  await enqueueOrderPaid(trx, deps.config, order.id, deps.clock.now());
  if (short?.delivered === 0) return 'refunded';
  return order.status === 'pending' ? 'paid' : `paid (was ${order.status})`;
}

async function refundIntent(deps: AppDeps, intentId: string, orderId: number): Promise<void> {
  try {
    await deps.stripe.refunds.create({ payment_intent: intentId, metadata: { orderId: String(orderId) } }, { idempotencyKey: `refund-order-${orderId}` });
  } catch (err) {
    deps.logger.error({ err, orderId, intentId }, 'refund failed; refund this payment by hand');
    return;
  }
  // Refunded whole: the agent is told, as for every refund (issue 26 item 3).
  const o = await Order.query(deps.db).findById(orderId).select('id', 'userId', 'kind', 'tier', 'count', 'metadata', 'amountCents');
  if (o)
    await enqueueRefundMail(deps.db, deps.config, deps.clock.now(), o, {
      refundId: null,
      amount: Number(o.amountCents),
      refundedCents: Number(o.amountCents),
      taken: null,
      moneyOnly: false,
      note: 'Your payment arrived after the hold on these items had ended, and another buyer had taken them meanwhile, so nothing was delivered.',
    });
}
