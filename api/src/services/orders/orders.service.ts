// The one purchase path: createOrder() prices from the catalogue, reserves inventory and opens the
// PaymentIntent; orders move only on verified payment outcomes (signed webhook events or a server-side
// retrieve) and fulfil once per order. The reservation sweep (reservations.service.ts), the payment check
// (payment-check.service.ts) and stale-order expiry (stale-orders.service.ts) give back what unpaid orders reserved.
import { saveAttribution } from '../marketing/attribution.service.ts';
import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CURRENCY, RESERVATION_MINUTES } from '@tm/shared';
import { NO_AGED_STOCK_MESSAGE, agedStockMessage } from '@tm/shared/logic/pricing';
import type { OrderView, OrderStatusView } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import type { CreatedOrder, OrderKind, OrderRequest } from './types.ts';
import { ItemsUnavailable, reserveItems } from './inventory.ts';
import { withRetry } from '../../db/retry.ts';
import { planOrder, type Plan } from './order-pricing.service.ts';
import { cancelIntents, releaseExpiredReservations, releaseOrderItems } from './reservations.service.ts';
import { recordOrderEvent } from './order-events.ts';
import { isMysql } from '../../db/index.ts';
import { Lead, OnboardingSurvey, Order, OrderItem, User } from '../../models/index.ts';
import { takeAgedLeads } from '../leads/aged-stock.service.ts';
import { buyerSurveyIds } from './ringcloud-holds.ts';

export { buyerPendingRingcloudOrders } from './ringcloud-holds.ts';

export const SOLD_MESSAGE = 'Sorry, one or more of the selected items were just sold to another buyer.';
export const AMOUNT_MISMATCH_MESSAGE = 'The amount does not match the price of this order. Please refresh the page and try again.';
export const PAYMENT_START_FAILED_MESSAGE = 'Payment could not be started. Please try again.';

// The stock messages are the checkout's too (marketing's RingCloud checkout shows the same words).
export { NO_AGED_STOCK_MESSAGE, agedStockMessage };
/** Aged leads that pending RingCloud orders from one address may hold at a time. */
export const HOLD_MAX_AGED_LEADS_PER_ADDRESS = 300;

// Holds (issue 14): what unpaid orders may keep from other buyers. A buyer has at most one pending
// order per kind (a new one replaces the old), and all of a buyer's pending orders, and all pending
// orders opened from one address, hold at most these many leads and appointments.
export const HOLD_MAX_ITEMS_PER_BUYER = 50;
export const HOLD_MAX_CENTS_PER_BUYER = 100_000;
export const HOLD_MAX_ITEMS_PER_ADDRESS = 100;
export const REPLACED_MESSAGE = 'Replaced by a newer order.';
export const holdLimitMessage = () =>
  `You can hold at most ${HOLD_MAX_ITEMS_PER_BUYER} items (${formatDollars(HOLD_MAX_CENTS_PER_BUYER)}) in unpaid orders at a time. Please select fewer items, or complete or cancel your other order first.`;
export const ADDRESS_HOLD_MESSAGE =
  'Too many items are held by unpaid orders from your network. Please complete or cancel a pending order, or try again in a few minutes.';

export const formatDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What is stored of the buyer's address: a hash (only compared, never shown). */
export function clientKeyOf(address: string | undefined): string | null {
  return address ? crypto.createHash('sha256').update(address).digest('hex').slice(0, 32) : null;
}

export interface CreateOrderOptions {
  /** What the browser showed; a disagreement is refused with 400. */
  expectedAmountCents?: number;
  /** The buyer's address (rate-limit key): holds are capped per address too. */
  clientAddress?: string;
  /**
   * Auto-rebill (decision 197): charge the agent's saved card now, off-session. `key` names the crossing
   * that asked for the charge: it is the order's and the provider's idempotency key, so one crossing is
   * one order and one charge. The order is paid, like any other, by the verified payment event.
   */
  offSession?: { customer: string; paymentMethod: string; key: string; metadata: Record<string, unknown> };
  /** The ad touches the buyer's browser sent (decision 232), stored with the order; never refused. */
  attribution?: { raw: unknown; userAgent: string | null };
}

/** How an off-session charge answered: succeeded (the event will fulfil it) or the card's refusal. */
export interface OffSessionResult {
  status: string;
  error: { code: string; message: string } | null;
}

/** An order as stored (the Order model; `kind` and `status` hold an OrderKind and an OrderStatus). */
export type OrderRow = Order;

// ---------------------------------------------------------------------------------------------
// Creating an order

/**
 * The survey's open unpaid order for the very same choice (count, price, states and age band), whose hold
 * has not lapsed: a reload or a second "Continue" pays for it rather than making another (decision 216).
 */
async function reusableRingcloudOrder(deps: AppDeps, plan: Plan): Promise<CreatedOrder | null> {
  if (plan.kind !== 'ringcloud' || plan.surveyId === null) return null;
  const now = deps.clock.now();
  const order = await Order.query(deps.db)
    .where({ surveyId: plan.surveyId, kind: 'ringcloud', status: 'pending', amountCents: plan.amountCents, count: plan.count })
    .whereNotNull('paymentIntentId')
    .orderBy('id', 'desc')
    .first();
  if (!order || order.metadata !== JSON.stringify(plan.metadata) || (order.userId ?? null) !== plan.userId) return null;
  if (plan.reserveAged) {
    const held = (await Lead.query(deps.db)
      .where({ status: 'reserved', reservedOrderId: order.id })
      .where('reservedUntil', '>', toDbDate(now))
      .count({ n: '*' })
      .first()) as { n?: number | string } | undefined;
    if (Number(held?.n ?? 0) !== plan.reserveAged.count) return null;
  }
  const intent = await deps.stripe.paymentIntents.retrieve(order.paymentIntentId!);
  if (!intent.client_secret || !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) return null;
  return {
    orderId: Number(order.id),
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret,
    amount: Number(order.amountCents),
    currency: CURRENCY,
    testMode: deps.config.stripe.testMode,
  };
}

/**
 * Creates a pending order priced by the server and its PaymentIntent (idempotency key, order id in
 * metadata). Leads and appointments are reserved for RESERVATION_MINUTES; 409 if any is gone.
 * expectedAmountCents: what the browser showed; a disagreement is refused with 400.
 */
export async function createOrder(deps: AppDeps, req: OrderRequest, opts: CreateOrderOptions = {}): Promise<CreatedOrder> {
  const plan = await planOrder(deps, req);
  if (opts.expectedAmountCents !== undefined && opts.expectedAmountCents !== plan.amountCents) {
    throw badRequest(AMOUNT_MISMATCH_MESSAGE, { amount: AMOUNT_MISMATCH_MESSAGE });
  }
  if (plan.reserve || plan.reserveAged) await releaseExpiredReservations(deps);
  if (!opts.offSession) {
    const same = await reusableRingcloudOrder(deps, plan);
    if (same) return same;
  }

  const now = deps.clock.now();
  const stamp = toDbDate(now);
  const idempotencyKey = opts.offSession?.key ?? `order-${crypto.randomUUID()}`;
  if (opts.offSession) plan.metadata = { ...plan.metadata, ...opts.offSession.metadata };
  const clientKey = clientKeyOf(opts.clientAddress);
  let orderId: number;
  let replacedIntents: string[] = [];
  // Many buyers hold leads from one aged pool at once: on MariaDB that transaction runs at READ COMMITTED,
  // so its pool reads see each other's commits without locking the pool (locking reads of one pool by
  // twenty orders deadlocked); each lead is still taken by one conditional update, so never shared.
  const agedIsolation = plan.reserveAged && isMysql(deps.db) ? ({ isolationLevel: 'read committed' } as const) : undefined;
  try {
    orderId = await withRetry(() =>
      deps.db.transaction(async (trx) => {
        // Only orders that hold items (leads, appointments: logged-in buyers) replace their kind's older one;
        // a package order holds nothing, and the funnel's buyer is named by an e-mail anyone can type.
        // A RingCloud survey has one pending order at a time (a reload of its checkout replaces it, issue 26).
        replacedIntents =
          plan.kind === 'ringcloud' && plan.surveyId !== null
            ? await replacePendingOrders(deps, trx, plan, stamp, { surveyId: plan.surveyId, surveyIds: await buyerSurveyIds(trx, plan.surveyId) })
            : plan.reserve && plan.userId !== null
              ? await replacePendingOrders(deps, trx, plan, stamp)
              : [];
        if (plan.reserve) await checkHolds(trx, plan, clientKey);
        if (plan.reserveAged && clientKey) await checkAgedHolds(trx, plan.reserveAged.count, clientKey);
        const attributionId = opts.attribution ? await saveAttribution(trx, opts.attribution.raw, now, opts.attribution.userAgent) : null;
        const inserted = await Order.query(trx).insert({
          attributionId,
          userId: plan.userId,
          surveyId: plan.surveyId,
          kind: plan.kind,
          tier: plan.tier,
          count: plan.count,
          unitPriceCents: plan.unitPriceCents,
          amountCents: plan.amountCents,
          currency: CURRENCY,
          status: 'pending',
          idempotencyKey,
          metadata: JSON.stringify(plan.metadata),
          clientKey,
          createdAt: stamp,
          updatedAt: stamp,
        });
        const orderId = Number(inserted.id);
        if (plan.reserve) {
          const until = toDbDate(new Date(now.getTime() + RESERVATION_MINUTES * 60_000));
          await reserveItems(trx, plan.reserve.table, plan.reserve.ids, orderId, until, now);
        }
        if (plan.reserveAged) {
          const until = toDbDate(new Date(now.getTime() + RESERVATION_MINUTES * 60_000));
          const { states, band, count } = plan.reserveAged;
          const held = await takeAgedLeads(trx, {
            mode: 'reserve',
            orderId,
            states,
            band,
            wanted: count,
            stamp,
            until,
            fresh: agedIsolation ? 'read-committed' : 'lock',
          });
          // Another buyer took some between the count and the hold: nothing is held, the page shows the new count.
          if (held.length < count) throw conflict(agedStockMessage(held.length), { calls: agedStockMessage(held.length) });
        }
        // One row at a time: a batch insert through a model works on PostgreSQL only.
        for (const item of plan.items) await OrderItem.query(trx).insert({ orderId, ...item });
        await recordOrderEvent(trx, orderId, 'created', { kind: plan.kind, tier: plan.tier, count: plan.count, amountCents: plan.amountCents }, plan.userId);
        return orderId;
      }, agedIsolation),
    );
  } catch (err) {
    if (err instanceof ItemsUnavailable) throw conflict(SOLD_MESSAGE);
    throw err;
  }
  cancelIntents(deps, replacedIntents);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.create(
      {
        amount: plan.amountCents,
        currency: CURRENCY,
        description: plan.description,
        metadata: { orderId: String(orderId), kind: plan.kind, ...(plan.tier ? { tier: plan.tier } : {}) },
        ...(opts.offSession
          ? { customer: opts.offSession.customer, payment_method: opts.offSession.paymentMethod, payment_method_types: ['card'] }
          : { automatic_payment_methods: { enabled: true } }),
      },
      { idempotencyKey },
    );
  } catch (err) {
    deps.logger.error({ err, orderId }, 'creating the PaymentIntent failed');
    await deps.db.transaction(async (trx) => {
      await Order.query(trx)
        .where({ id: orderId, status: 'pending' })
        .patch({ status: 'failed', failureMessage: PAYMENT_START_FAILED_MESSAGE, updatedAt: toDbDate(deps.clock.now()) });
      await releaseOrderItems(trx, plan.kind, orderId);
    });
    throw new HttpError(502, PAYMENT_START_FAILED_MESSAGE);
  }
  await Order.query(deps.db)
    .where({ id: orderId })
    .patch({ paymentIntentId: intent.id, updatedAt: toDbDate(deps.clock.now()) });
  // Confirmed only once the order names its intent, so the payment event always finds its order.
  const offSession = opts.offSession ? await confirmOffSession(deps, intent.id, idempotencyKey) : undefined;
  return {
    ...(offSession ? { offSession } : {}),
    orderId,
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: plan.amountCents,
    currency: CURRENCY,
    testMode: deps.config.stripe.testMode,
  };
}

async function confirmOffSession(deps: AppDeps, intentId: string, key: string): Promise<OffSessionResult> {
  try {
    const confirmed = await deps.stripe.paymentIntents.confirm(intentId, { off_session: true }, { idempotencyKey: `${key}-confirm` });
    return { status: confirmed.status, error: null };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      return { status: err.payment_intent?.status ?? 'requires_payment_method', error: { code: err.code ?? 'card_declined', message: err.message } };
    }
    throw err;
  }
}

/**
 * One pending order per buyer per kind: the buyer's other pending orders of this kind are canceled
 * and give back what they held (their intents are canceled at the provider after the commit, so a
 * card typed into an old form cannot pay for it). The buyer's user row is locked first (MariaDB;
 * SQLite has one writer), so two racing orders of one buyer run one after the other.
 */
async function replacePendingOrders(
  deps: AppDeps,
  trx: Knex.Transaction,
  plan: Plan,
  stamp: string,
  by?: { surveyId: number; surveyIds: number[] },
): Promise<string[]> {
  if (by) {
    if (isMysql(deps.db)) await OnboardingSurvey.query(trx).findById(by.surveyId).forUpdate().select('id');
  } else if (isMysql(deps.db) && plan.userId !== null) await User.query(trx).findById(plan.userId).forUpdate().select('id');
  // RingCloud: the survey's pending order, and, when this order holds stock, whatever the buyer's other
  // surveys (same e-mail) hold: one hold per buyer.
  const others = by && plan.reserveAged ? by.surveyIds.filter((id) => id !== by.surveyId) : [];
  const old = await Order.query(trx)
    .where((w) => {
      if (!by) return w.where({ userId: plan.userId });
      w.where({ surveyId: by.surveyId });
      if (others.length)
        w.orWhere((o) =>
          o.whereIn('surveyId', others).whereIn('id', Lead.query(trx).where({ status: 'reserved' }).whereNotNull('reservedOrderId').select('reservedOrderId')),
        );
    })
    .where({ kind: plan.kind, status: 'pending' })
    .select('id', 'paymentIntentId');
  for (const o of old) {
    await Order.query(trx).where({ id: o.id, status: 'pending' }).patch({ status: 'canceled', failureMessage: REPLACED_MESSAGE, updatedAt: stamp });
    await releaseOrderItems(trx, plan.kind, Number(o.id));
  }
  return old.flatMap((o) => (o.paymentIntentId ? [o.paymentIntentId] : []));
}

/** Items (and their value) held by pending orders matching `where`. */
async function heldBy(trx: Knex.Transaction, where: Record<string, unknown>): Promise<{ items: number; cents: number }> {
  const row = (await OrderItem.query(trx)
    .join(Order.tableName, Order.ref('id'), OrderItem.ref('orderId'))
    .where(Object.fromEntries(Object.entries(where).map(([k, v]) => [`${Order.tableName}.${k}`, v])))
    .where(Order.ref('status'), 'pending')
    .whereIn(OrderItem.ref('kind'), ['lead', 'appointment'])
    .select(raw('count(*) as items'), raw('coalesce(sum(??), 0) as cents', [`${OrderItem.tableName}.amountCents`]))
    .first()) as unknown as { items: number | string | null; cents: number | string | null } | undefined;
  return { items: Number(row?.items ?? 0), cents: Number(row?.cents ?? 0) };
}

/** Refuses an order that would take a buyer, or an address, over what unpaid orders may hold. */
async function checkHolds(trx: Knex.Transaction, plan: Plan, clientKey: string | null): Promise<void> {
  const field = plan.kind === 'leads' ? 'leadIds' : 'appointmentIds';
  if (plan.userId !== null) {
    const held = await heldBy(trx, { userId: plan.userId });
    if (held.items + plan.items.length > HOLD_MAX_ITEMS_PER_BUYER || held.cents + plan.amountCents > HOLD_MAX_CENTS_PER_BUYER) {
      throw badRequest(holdLimitMessage(), { [field]: holdLimitMessage() });
    }
  }
  if (clientKey) {
    const held = await heldBy(trx, { clientKey });
    if (held.items + plan.items.length > HOLD_MAX_ITEMS_PER_ADDRESS) throw new HttpError(429, ADDRESS_HOLD_MESSAGE);
  }
}

/** Refuses a RingCloud aged-lead order that would take an address over what its unpaid orders may hold. */
async function checkAgedHolds(trx: Knex.Transaction, count: number, clientKey: string): Promise<void> {
  const row = (await Lead.query(trx)
    .where({ status: 'reserved' })
    .whereIn('reservedOrderId', Order.query(trx).where({ clientKey, kind: 'ringcloud', status: 'pending' }).select('id'))
    .count({ n: '*' })
    .first()) as { n?: number | string | null } | undefined;
  if (Number(row?.n ?? 0) + count > HOLD_MAX_AGED_LEADS_PER_ADDRESS) throw new HttpError(429, ADDRESS_HOLD_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Reading orders

function metadataFlag(metadata: string | null, key: string): unknown {
  try {
    const m: unknown = metadata ? JSON.parse(metadata) : {};
    return m && typeof m === 'object' ? (m as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

export function toOrderView(row: OrderRow, testMode: boolean): OrderView {
  return {
    orderId: row.id,
    kind: row.kind as OrderKind,
    tier: row.tier,
    count: row.count,
    unitPriceCents: row.unitPriceCents,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as OrderStatusView,
    failureMessage: row.failureMessage,
    fulfilmentStatus: (row.fulfilmentStatus ?? null) as OrderView['fulfilmentStatus'],
    quantityDelivered: Number(row.quantityDelivered ?? 0),
    quantityOwed: Number(row.quantityOwed ?? 0),
    refundedCents: Number(row.refundedCents ?? 0),
    shortfallNote: (() => {
      const s = metadataFlag(row.metadata, 'shortfall');
      return s && typeof s === 'object' && typeof (s as { note?: unknown }).note === 'string' ? (s as { note: string }).note : null;
    })(),
    createdAt: toIso(row.createdAt),
    paidAt: toIso(row.paidAt),
    testMode,
  };
}

/**
 * The order a PaymentIntent pays for, as stored. A read only: orders move on the signed webhook, on a
 * buyer's POST confirm and on the payment-check job (checkPendingPayments), never on this GET.
 */
export async function getOrderByIntent(deps: AppDeps, intentId: string): Promise<OrderView> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) throw notFound('Order not found');
  const order = await Order.query(deps.db).where({ paymentIntentId: intentId }).first();
  if (!order) throw notFound('Order not found');
  return toOrderView(order, deps.config.stripe.testMode);
}
