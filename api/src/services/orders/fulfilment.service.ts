// Fulfilment (issue 13 item 2): every product sold is delivered or visibly owed on its order.
// - Leads and appointments: the reserved items are sold (inventory.ts); fulfilled.
// - Live transfers (funnel packages, dashboard orders, RingCloud live transfers): the paid order is the
//   agent's transfer balance (decision 020); fulfilled.
// - RingCloud aged leads: the leads held for the order (the buyer's working states and age band only,
//   never others) are sold in the transaction that marks the order paid; what stock lacks (a race past the
//   hold) is refunded at once through the payment provider (issue 25 item 1). Orders made before that
//   may still owe leads, which an admin completes from the same states and band.
// - RingCloud call-backs: owed in full; delivered one by one through the delivered-call callback with
//   kind "callback", or by an admin entering a count.
// Every change writes a row of the order's timeline (order-events.ts) in the same transaction.
import type { Knex } from 'knex';
import { raw } from 'objection';
import { statesNamedIn } from '@tm/shared/us-states';
import { toLeadStateCode } from '../leads/lead-state.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { TransferRefused } from '../transfers/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fromDbDate, toDbDate } from '../../db/dates.ts';
import { applyOrderPreferences } from '../transfers/settings.service.ts';
import { withRetry } from '../../db/retry.ts';
import { recordOrderEvent } from './order-events.ts';
import { takeAgedLeads } from '../leads/aged-stock.service.ts';
import { OnboardingSurvey, Order, OrderDelivery } from '../../models/index.ts';
import { adminById, recordAudit } from '../audit/audit.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';

export type FulfilmentStatus = 'fulfilled' | 'partial' | 'owed';

export const NOTHING_OWED_MESSAGE = 'Nothing is owed on this order.';
export const owedLimitMessage = (owed: number) => `At most ${owed} ${owed === 1 ? 'is' : 'are'} owed on this order.`;
export const NOT_LEADS_ORDER_MESSAGE = 'Only aged-lead orders are completed from stock; enter delivered call-backs as a count.';
export const NOT_CALLBACK_ORDER_MESSAGE = 'Deliveries are entered for call-back orders only.';
export const NOT_PAID_MESSAGE = 'The order is not paid.';

type FulfilOrder = Pick<Order, 'id' | 'kind' | 'userId' | 'surveyId' | 'count' | 'metadata' | 'unitPriceCents'>;

function metaOf(order: { metadata: string | null }): Record<string, unknown> {
  try {
    const m: unknown = order.metadata ? JSON.parse(order.metadata) : {};
    return m && typeof m === 'object' ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The RingCloud lead type an order was bought for, or null for other orders. */
export function ringCloudLeadType(order: { kind: string; metadata: string | null }): string | null {
  if (order.kind !== 'ringcloud') return null;
  const t = metaOf(order).leadType;
  return typeof t === 'string' ? t : null;
}

/** Postal codes named in free text such as "TX, FL and New York" (lead states: Puerto Rico too); empty when none can be read. */
export function workingStateCodes(text: string | null | undefined): string[] {
  return statesNamedIn(text, toLeadStateCode);
}

/** "30-60" -> [30, 60] (days since the lead came in). */
function ageBand(range: unknown): [number, number] | null {
  const m = typeof range === 'string' ? /^(\d+)-(\d+)$/.exec(range) : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The states an aged-lead order was bought for: kept on the order (codes), else its survey's (older orders). */
async function orderStates(trx: Knex.Transaction, order: Pick<Order, 'surveyId' | 'metadata'>): Promise<string[]> {
  const kept = metaOf(order).workingStates;
  if (Array.isArray(kept)) return kept.filter((c): c is string => typeof c === 'string');
  const survey = order.surveyId ? await OnboardingSurvey.query(trx).findById(order.surveyId).select('workingStates') : undefined;
  return workingStateCodes(survey?.workingStates);
}

/** Sells up to `wanted` aged leads of the order's states and band (those it holds first); never another state or age. */
async function sellAgedLeads(
  trx: Knex.Transaction,
  order: Pick<Order, 'id' | 'surveyId' | 'metadata'>,
  buyerId: number,
  wanted: number,
  stamp: string,
): Promise<number> {
  const band = ageBand(metaOf(order).ageRange);
  if (!band) return 0;
  const states = await orderStates(trx, order);
  const sold = await takeAgedLeads(trx, { mode: 'sell', orderId: order.id, buyerId, states, band, wanted, stamp });
  // CRM webhooks (decision 196): one lead.bought per lead, written with the sale.
  await emitWebhookEvents(trx, fromDbDate(stamp) ?? new Date(), buyerId, 'lead.bought', sold);
  return sold.length;
}

/** What a paid aged-lead order could not get from stock: refunded at once (issue 25 item 1). */
export interface Shortfall {
  ordered: number;
  delivered: number;
  missing: number;
  refundCents: number;
}

async function setFulfilment(trx: Knex.Transaction, orderId: number, status: FulfilmentStatus, delivered: number, owed: number, stamp: string): Promise<void> {
  await Order.query(trx)
    .where({ id: orderId })
    .patch({
      fulfilmentStatus: status,
      quantityDelivered: delivered,
      quantityOwed: owed,
      fulfilledAt: status === 'fulfilled' ? stamp : null,
      updatedAt: stamp,
    });
}

/**
 * Fulfils a just-paid order that does not hold reserved items (those are sold by the caller), inside the
 * transaction that marked it paid. Records fulfilled / partially_fulfilled / owed on its timeline.
 */
export async function fulfilUnreservedOrder(trx: Knex.Transaction, order: FulfilOrder, stamp: string): Promise<Shortfall | null> {
  const leadType = ringCloudLeadType(order);
  const count = Number(order.count);
  if (leadType === 'Aged Leads' && order.userId) {
    // The leads held for the payment are sold (topped up from the same states and band when a hold lapsed);
    // what stock still lacks is not owed but refunded at once by the caller.
    const delivered = await sellAgedLeads(trx, order, Number(order.userId), count, stamp);
    const missing = count - delivered;
    const status: FulfilmentStatus = missing === 0 ? 'fulfilled' : 'partial';
    await setFulfilment(trx, order.id, status, delivered, 0, stamp);
    await recordOrderEvent(trx, order.id, missing === 0 ? 'fulfilled' : 'partially_fulfilled', {
      product: 'aged_leads',
      ageRange: metaOf(order).ageRange,
      delivered,
      owed: 0,
      ...(missing ? { refunded: missing } : {}),
    });
    return missing ? { ordered: count, delivered, missing, refundCents: missing * Number(order.unitPriceCents) } : null;
  }
  if (leadType === 'Call-Backs') {
    await setFulfilment(trx, order.id, 'owed', 0, count, stamp);
    await recordOrderEvent(trx, order.id, 'owed', { product: 'callbacks', delivered: 0, owed: count });
    return null;
  }
  // Live transfers: the paid order is the buyer's transfer balance. A portal order's states, hours and
  // calls per day become the agent's delivery settings (Transfer Controls, checked by the transfer callback).
  const details = metaOf(order).details as { workingStates?: string; transferHours?: string; callsPerDay?: number } | undefined;
  if (order.kind === 'live_transfer' && order.userId && details) {
    await applyOrderPreferences(trx, Number(order.userId), details, order.id, fromDbDate(stamp) ?? new Date());
  }
  await setFulfilment(trx, order.id, 'fulfilled', count, 0, stamp);
  await recordOrderEvent(trx, order.id, 'fulfilled', { product: 'transfers', credited: count });
  return null;
}

/** Marks an order whose reserved items were just sold as fulfilled. */
export async function fulfilledWithItems(trx: Knex.Transaction, order: FulfilOrder, stamp: string): Promise<void> {
  await setFulfilment(trx, order.id, 'fulfilled', Number(order.count), 0, stamp);
  await recordOrderEvent(trx, order.id, 'fulfilled', { product: order.kind, delivered: Number(order.count) });
}

// ---------------------------------------------------------------------------------------------
// Completing what is owed

export interface FulfilmentView {
  orderId: number;
  fulfilmentStatus: FulfilmentStatus | null;
  quantityDelivered: number;
  quantityOwed: number;
}

type OwedRow = Order;

const view = (r: Pick<OwedRow, 'id' | 'fulfilmentStatus' | 'quantityDelivered' | 'quantityOwed'>): FulfilmentView => ({
  orderId: Number(r.id),
  fulfilmentStatus: r.fulfilmentStatus as FulfilmentStatus | null,
  quantityDelivered: Number(r.quantityDelivered),
  quantityOwed: Number(r.quantityOwed),
});

async function paidOrder(trx: Knex | Knex.Transaction, orderId: number): Promise<OwedRow> {
  const o = await Order.query(trx).findById(orderId);
  if (!o) throw notFound('Order not found');
  if (o.status !== 'paid') throw conflict(NOT_PAID_MESSAGE);
  return o;
}

/**
 * An admin completes an owed aged-lead order from the stock available now (the same band and states
 * rule as at payment). What still cannot be delivered stays owed. 409 when nothing is owed.
 */
export async function completeFulfilment(deps: AppDeps, orderId: number, adminUserId: number): Promise<FulfilmentView> {
  return withRetry(() =>
    deps.db.transaction(async (trx) => {
      const o = await paidOrder(trx, orderId);
      if (ringCloudLeadType(o) !== 'Aged Leads') throw conflict(NOT_LEADS_ORDER_MESSAGE);
      if (Number(o.quantityOwed) <= 0 || !o.userId) throw conflict(NOTHING_OWED_MESSAGE);
      const stamp = toDbDate(deps.clock.now());
      const owedBefore = Number(o.quantityOwed);
      const got = await sellAgedLeads(trx, o, Number(o.userId), owedBefore, stamp);
      const next = await moveCounts(trx, o, got, stamp);
      await recordOrderEvent(
        trx,
        o.id,
        next.quantityOwed === 0 ? 'fulfilled' : 'delivered',
        { product: 'aged_leads', count: got, delivered: next.quantityDelivered, owed: next.quantityOwed, by: 'admin' },
        adminUserId,
      );
      await recordAudit(trx, {
        actor: adminById(adminUserId),
        action: 'order.fulfilled',
        entity: 'order',
        entityId: o.id,
        userId: o.userId,
        after: { product: 'aged_leads', count: got, owed: next.quantityOwed },
        at: deps.clock.now(),
      });
      return next;
    }),
  );
}

/** Moves `n` from owed to delivered with a conditional update (owed never below zero). */
async function moveCounts(trx: Knex.Transaction, o: OwedRow, n: number, stamp: string): Promise<FulfilmentView> {
  if (n > 0) {
    const changed = await Order.query(trx)
      .where({ id: o.id })
      .where('quantityOwed', '>=', n)
      .patch({
        quantityOwed: raw('?? - ?', ['quantity_owed', n]),
        quantityDelivered: raw('?? + ?', ['quantity_delivered', n]),
        updatedAt: stamp,
      });
    if (changed === 0) {
      const now = (await Order.query(trx).findById(o.id).select('quantityOwed')) as Order | undefined;
      throw conflict(owedLimitMessage(Number(now?.quantityOwed ?? o.quantityOwed)));
    }
  }
  const row = (await Order.query(trx).findById(o.id)) as Order;
  const owed = Number(row.quantityOwed);
  const status: FulfilmentStatus = owed === 0 ? 'fulfilled' : Number(row.quantityDelivered) === 0 ? 'owed' : 'partial';
  await Order.query(trx)
    .where({ id: o.id })
    .patch({ fulfilmentStatus: status, fulfilledAt: status === 'fulfilled' ? stamp : null });
  return view({ ...row, fulfilmentStatus: status });
}

export type DeliverySource = { type: 'admin'; adminUserId: number } | { type: 'callback'; callId: string; call?: Record<string, unknown> };

/**
 * Records delivered call-backs on a call-back order: `count` move from owed to delivered. A caller
 * system's delivery carries its call id, recorded once (a repeat changes nothing and answers duplicate).
 */
export async function recordCallbackDeliveries(
  deps: AppDeps,
  orderId: number,
  count: number,
  source: DeliverySource,
): Promise<FulfilmentView & { duplicate: boolean }> {
  if (!Number.isInteger(count) || count < 1) throw badRequest('count: Enter a whole number of at least 1', { count: 'Enter a whole number of at least 1' });
  try {
    return await withRetry(() =>
      deps.db.transaction(async (trx) => {
        const o = await paidOrder(trx, orderId);
        if (ringCloudLeadType(o) !== 'Call-Backs') throw conflict(NOT_CALLBACK_ORDER_MESSAGE);
        if (Number(o.quantityOwed) <= 0) throw conflict(NOTHING_OWED_MESSAGE);
        const stamp = toDbDate(deps.clock.now());
        await OrderDelivery.query(trx).insert({
          orderId: o.id,
          externalCallId: source.type === 'callback' ? source.callId : null,
          quantity: count,
          source: source.type,
          enteredByUserId: source.type === 'admin' ? source.adminUserId : null,
          createdAt: stamp,
        });
        const next = await moveCounts(trx, o, count, stamp);
        await recordOrderEvent(
          trx,
          o.id,
          next.quantityOwed === 0 ? 'fulfilled' : 'delivered',
          {
            product: 'callbacks',
            count,
            delivered: next.quantityDelivered,
            owed: next.quantityOwed,
            by: source.type,
            ...(source.type === 'callback' ? { callId: source.callId, ...source.call } : {}),
          },
          source.type === 'admin' ? source.adminUserId : null,
        );
        if (source.type === 'admin')
          await recordAudit(trx, {
            actor: adminById(source.adminUserId),
            action: 'order.fulfilled',
            entity: 'order',
            entityId: o.id,
            userId: o.userId,
            after: { product: 'callbacks', count, owed: next.quantityOwed },
            at: deps.clock.now(),
          });
        return { ...next, duplicate: false };
      }),
    );
  } catch (err) {
    if (source.type === 'callback' && isUniqueViolation(err)) {
      const o = await paidOrder(deps.db, orderId);
      return { ...view(o), duplicate: true };
    }
    throw err;
  }
}

/**
 * A delivered call-back from the caller system: it goes to the agent's oldest paid call-back order that
 * still owes some. A call id seen before answers its first delivery (duplicate) on whatever order it went to.
 */
export async function deliverCallbackForAgent(
  deps: AppDeps,
  agentId: number,
  callId: string,
  call?: Record<string, unknown>,
  /** Checked after a repeated callId was answered and before a new delivery (e.g. a deactivated agent is refused). */
  mayDeliver?: () => void,
): Promise<FulfilmentView & { duplicate: boolean }> {
  const seen = async () => {
    const d = await OrderDelivery.query(deps.db).where({ externalCallId: callId }).select('orderId').first();
    if (!d) return null;
    const o = (await Order.query(deps.db).findById(d.orderId)) as Order;
    if (Number(o.userId) !== agentId) throw new TransferRefused(409, 'call_id_conflict', 'This callId is already recorded for another agent.');
    return { ...view(o), duplicate: true };
  };
  const before = await seen();
  if (before) return before;
  mayDeliver?.();
  const candidates = await Order.query(deps.db)
    .where({ userId: agentId, kind: 'ringcloud', status: 'paid' })
    .where('quantityOwed', '>', 0)
    .orderBy([{ column: 'paidAt' }, { column: 'id' }]);
  for (const o of candidates) {
    if (ringCloudLeadType(o) !== 'Call-Backs') continue;
    try {
      const done = await recordCallbackDeliveries(deps, Number(o.id), 1, { type: 'callback', callId, call });
      // The same call id racing on another order lost on the unique index: answer the first delivery.
      if (done.duplicate) return (await seen()) ?? done;
      return done;
    } catch (err) {
      // Another delivery took this order's last owed call-back: try the next order.
      if (err instanceof HttpError && err.status === 409) continue;
      throw err;
    }
  }
  throw new TransferRefused(422, 'nothing_owed', 'The agent has no call-backs owed.');
}
