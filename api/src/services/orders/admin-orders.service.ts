// The admin's view of every order (issue 13 item 3): the filtered, paginated list and its CSV, one
// order's detail with its timeline, and refunds (whole or partial) through the payment provider.
//
// A refund first claims its amount in the database (compare-and-set on orders.refunded_cents, the
// transfer lot's capacity and a refunds row with a unique idempotency key, one transaction), then asks
// the provider with that key; a provider failure gives the claim back. So concurrent refunds of the
// same order refund once, a repeat of the same key answers the first refund, and the amount refunded
// can never exceed what was paid (decision 035).
import type { Knex } from 'knex';
import { raw, type ModelObject } from 'objection';
import {
  ADMIN_ORDER_STATUS_LABELS,
  FULFILMENT_LABELS,
  ORDER_PRODUCT_LABELS,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type AdminOrderStatus,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type AdminOrderSummary,
  type AdminRefund,
  type OrderProduct,
  type RefundResult,
} from '@tm/shared/schemas/admin-business';
import { centsToDecimal } from '@tm/shared';
import { bufferSecondsFor } from '@tm/shared/logic/transfer-rules';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { conflict, HttpError, notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { withRetry } from '../../db/retry.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { paginate, whereAnyContains } from '../admin/pagination.ts';
import { isTransferOrder, orderDescription, refundedTransfers } from '../transfers/lots.service.ts';
import { csvLine } from '../transfers/csv.ts';
import { recordOrderEvent } from './order-events.ts';
import { OnboardingSurvey, Order, OrderEvent, OrderItem, PaymentEvent, Refund, TransferOrderUsage, User } from '../../models/index.ts';

export const ALREADY_REFUNDED_MESSAGE = 'This order is already fully refunded.';
export const NOT_REFUNDABLE_MESSAGE = 'Only paid orders can be refunded.';
export const REFUND_CHANGED_MESSAGE = 'This order was refunded by someone else a moment ago. Reload it and try again.';
export const overRefundMessage = (remainingCents: number) => `The refund is more than what is left to refund ($${centsToDecimal(remainingCents)}).`;
export const usedTransfersMessage = (unused: number) =>
  `Only ${unused} transfer${unused === 1 ? '' : 's'} of this order ${unused === 1 ? 'is' : 'are'} unused; a refund cannot take back transfers already delivered.`;

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const num = (v: unknown): number => Number(v ?? 0);

function metadataOf(v: unknown): Record<string, unknown> {
  try {
    const m: unknown = typeof v === 'string' && v ? JSON.parse(v) : {};
    return m && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function adminStatus(status: string, refundedCents: number): AdminOrderStatus {
  if (status === 'paid' && refundedCents > 0) return 'partially_refunded';
  return status as AdminOrderStatus;
}

function productLabel(kind: string, metadata: Record<string, unknown>): string {
  if (kind === 'ringcloud' && typeof metadata.leadType === 'string') return `RingCloud ${metadata.leadType}`;
  return ORDER_PRODUCT_LABELS[kind as OrderProduct] ?? kind;
}

/** The order's own columns the list, the CSV and the detail show. */
const ORDER_COLUMNS = [
  'id',
  'userId',
  'surveyId',
  'kind',
  'tier',
  'count',
  'amountCents',
  'refundedCents',
  'currency',
  'status',
  'fulfilmentStatus',
  'quantityOwed',
  'quantityDelivered',
  'paymentIntentId',
  'cardLast4',
  'failureMessage',
  'metadata',
  'createdAt',
  'paidAt',
  'updatedAt',
  'unitPriceCents',
] as const satisfies ReadonlyArray<keyof ModelObject<Order>>;

/** A person's columns from a left join (null when there is none), under a prefix. */
type Person<P extends string, T extends { firstName: string; lastName: string; email: string }> = {
  [K in 'FirstName' | 'LastName' | 'Email' as `${P}${K}`]: T[Uncapitalize<K>] | null;
};
/** An order (o) with its buyer's account (u) and survey (s), as SUMMARY_COLUMNS selects it. */
type SummaryRow = Pick<ModelObject<Order>, (typeof ORDER_COLUMNS)[number]> &
  Person<'user', User> &
  Person<'survey', OnboardingSurvey> & {
    userPhone: User['phone'] | null;
    userAgency: User['agencyName'] | null;
    surveyPhone: OnboardingSurvey['phone'] | null;
    surveyAgency: OnboardingSurvey['agencyName'] | null;
  };
/** Who did something (an order event's or a refund's actor). */
type Actor = Person<'actor', User>;

const SUMMARY_COLUMNS = [
  ...ORDER_COLUMNS.map((c) => `o.${c}`),
  'u.firstName as userFirstName',
  'u.lastName as userLastName',
  'u.email as userEmail',
  'u.phone as userPhone',
  'u.agencyName as userAgency',
  's.firstName as surveyFirstName',
  's.lastName as surveyLastName',
  's.email as surveyEmail',
  's.phone as surveyPhone',
  's.agencyName as surveyAgency',
];

function toSummary(r: SummaryRow): AdminOrderSummary {
  const metadata = metadataOf(r.metadata);
  const refundedCents = num(r.refundedCents);
  const first = str(r.userFirstName) ?? str(r.surveyFirstName) ?? '';
  const last = str(r.userFirstName) !== null ? (str(r.userLastName) ?? '') : (str(r.surveyLastName) ?? '');
  const kind = String(r.kind);
  return {
    id: num(r.id),
    buyer: {
      userId: r.userId === null || r.userId === undefined ? null : num(r.userId),
      name: `${first} ${last}`.trim() || 'Unknown buyer',
      email: str(r.userEmail) ?? str(r.surveyEmail),
      phone: str(r.userPhone) ?? str(r.surveyPhone),
      agencyName: str(r.userAgency) ?? str(r.surveyAgency),
    },
    kind,
    product: productLabel(kind, metadata),
    description: orderDescription({ kind, tier: str(r.tier), count: num(r.count), metadata: typeof r.metadata === 'string' ? r.metadata : null }),
    count: num(r.count),
    amountCents: num(r.amountCents),
    refundedCents,
    currency: String(r.currency ?? 'usd'),
    status: adminStatus(String(r.status), refundedCents),
    fulfilmentStatus: str(r.fulfilmentStatus),
    quantityOwed: num(r.quantityOwed),
    quantityDelivered: num(r.quantityDelivered),
    paymentIntentId: str(r.paymentIntentId),
    cardLast4: str(r.cardLast4),
    failureMessage: str(r.failureMessage),
    createdAt: toIso(r.createdAt),
    paidAt: toIso(r.paidAt),
    updatedAt: toIso(r.updatedAt),
  };
}

/** Orders (o) with their buyer's account (u) and survey (s). */
function baseQuery(db: Db | Knex.Transaction) {
  return Order.query(db).alias('o').leftJoin(`${User.tableName} as u`, 'u.id', 'o.userId').leftJoin(`${OnboardingSurvey.tableName} as s`, 's.id', 'o.surveyId');
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return toDbDate(d);
}

function filtered(db: Db, q: AdminOrdersQuery): Knex.QueryBuilder {
  const orders = baseQuery(db).select(SUMMARY_COLUMNS);
  if (q.status === 'partially_refunded') orders.where('o.status', 'paid').where('o.refundedCents', '>', 0);
  else if (q.status === 'paid') orders.where('o.status', 'paid').where('o.refundedCents', 0);
  else if (q.status) orders.where('o.status', q.status);
  if (q.product) orders.where('o.kind', q.product);
  if (q.from) orders.where('o.createdAt', '>=', toDbDate(new Date(`${q.from}T00:00:00.000Z`)));
  if (q.to) orders.where('o.createdAt', '<', nextDay(q.to));
  // The shared admin pager and search helpers take the Knex builder underneath the model's query.
  let base = orders.toKnexQuery();
  // Each word must appear in the buyer's name or e-mail (the account's, or the survey's when there is no account).
  for (const term of q.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    base = whereAnyContains(base, ['u.firstName', 'u.lastName', 'u.email', 's.firstName', 's.lastName', 's.email'], term);
  }
  return base;
}

const NEWEST_FIRST = [
  { column: 'o.createdAt', order: 'desc' as const },
  { column: 'o.id', order: 'desc' as const },
];

export async function listAdminOrders(db: Db, q: AdminOrdersQuery): Promise<AdminOrdersPage> {
  return paginate<SummaryRow, AdminOrderSummary>(filtered(db, q), { page: q.page, pageSize: q.pageSize, orderBy: NEWEST_FIRST, map: toSummary });
}

/** Every order the filters match (not only one page), as CSV; at most `limit` rows. */
export async function adminOrdersCsv(db: Db, q: AdminOrdersQuery, limit = 50_000): Promise<string> {
  const rows = (await filtered(db, q).orderBy(NEWEST_FIRST).limit(limit)) as SummaryRow[];
  let out = csvLine([
    'Order',
    'Created (UTC)',
    'Paid (UTC)',
    'Buyer',
    'Email',
    'Phone',
    'Agency',
    'Product',
    'Description',
    'Quantity',
    'Amount (USD)',
    'Refunded (USD)',
    'Status',
    'Fulfilment',
    'Owed',
    'Delivered',
    'Payment ID',
  ]);
  for (const r of rows) {
    const o = toSummary(r);
    out += csvLine([
      o.id,
      o.createdAt,
      o.paidAt,
      o.buyer.name,
      o.buyer.email,
      o.buyer.phone,
      o.buyer.agencyName,
      o.product,
      o.description,
      o.count,
      centsToDecimal(o.amountCents),
      centsToDecimal(o.refundedCents),
      ADMIN_ORDER_STATUS_LABELS[o.status] ?? o.status,
      o.fulfilmentStatus ? (FULFILMENT_LABELS[o.fulfilmentStatus] ?? o.fulfilmentStatus) : '',
      o.quantityOwed,
      o.quantityDelivered,
      o.paymentIntentId,
    ]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// One order

const EVENT_LABELS: Record<string, string> = {
  created: 'Order created',
  'payment_intent.succeeded': 'Payment succeeded',
  'payment_intent.payment_failed': 'Payment failed',
  'payment_intent.canceled': 'Payment canceled',
  payment_succeeded: 'Payment succeeded',
  payment_failed: 'Payment failed',
  paid: 'Paid (confirmed with the payment provider)',
  fulfilled: 'Fulfilled',
  partially_fulfilled: 'Partially fulfilled',
  owed: 'Owed to the buyer',
  delivered: 'Delivered',
  refund: 'Refunded',
  refund_failed: 'Refund failed',
};

function personName(r: Actor): string | null {
  const email = str(r.actorEmail);
  if (!email) return null;
  const name = `${str(r.actorFirstName) ?? ''} ${str(r.actorLastName) ?? ''}`.trim();
  return name ? `${name} (${email})` : email;
}

async function timelineOf(db: Db, order: AdminOrderSummary): Promise<AdminOrderEvent[]> {
  const events: (AdminOrderEvent & { order: number })[] = [];
  const rows = await OrderEvent.query(db)
    .alias('e')
    .leftJoin(`${User.tableName} as a`, 'a.id', 'e.actorUserId')
    .where('e.orderId', order.id)
    .orderBy('e.id', 'asc')
    .select('e.id', 'e.type', 'e.detail', 'e.createdAt', 'a.firstName as actorFirstName', 'a.lastName as actorLastName', 'a.email as actorEmail')
    .castTo<Array<Pick<OrderEvent, 'id' | 'type' | 'detail' | 'createdAt'> & Actor>>();
  const types = new Set(rows.map((r) => String(r.type)));
  if (!types.has('created')) events.push({ at: order.createdAt, type: 'created', label: EVENT_LABELS.created!, actor: null, detail: null, order: 0 });
  // Each payment event the provider sent (the signed webhook), with what it did to the order.
  if (order.paymentIntentId && !types.has('payment_succeeded') && !types.has('payment_failed')) {
    const payments = await PaymentEvent.query(db)
      .where({ paymentIntentId: order.paymentIntentId })
      .orderBy('id', 'asc')
      .select('eventId', 'type', 'outcome', 'createdAt');
    for (const p of payments) {
      events.push({
        at: toIso(p.createdAt),
        type: String(p.type),
        label: EVENT_LABELS[String(p.type)] ?? String(p.type),
        actor: null,
        detail: { eventId: p.eventId, outcome: p.outcome },
        order: 1,
      });
    }
    const paidSeen = payments.some((p) => p.type === 'payment_intent.succeeded' && String(p.outcome ?? '').startsWith('paid'));
    if (order.paidAt && !paidSeen) events.push({ at: order.paidAt, type: 'paid', label: EVENT_LABELS.paid!, actor: null, detail: null, order: 1 });
  }
  for (const r of rows) {
    let detail: Record<string, unknown> | null = null;
    try {
      detail = r.detail ? (JSON.parse(String(r.detail)) as Record<string, unknown>) : null;
    } catch {
      detail = { text: String(r.detail) };
    }
    events.push({
      at: toIso(r.createdAt),
      type: String(r.type),
      label: EVENT_LABELS[String(r.type)] ?? String(r.type).replace(/_/g, ' '),
      actor: personName(r),
      detail,
      order: 2,
    });
  }
  return events.sort((a, b) => (a.at === b.at ? a.order - b.order : (a.at ?? '').localeCompare(b.at ?? ''))).map(({ order: _o, ...e }) => e);
}

async function refundsOf(db: Db, orderId: number): Promise<AdminRefund[]> {
  const rows = await Refund.query(db)
    .alias('r')
    .leftJoin(`${User.tableName} as a`, 'a.id', 'r.createdByUserId')
    .where('r.orderId', orderId)
    .orderBy('r.id', 'asc')
    .select('r.*', 'a.firstName as actorFirstName', 'a.lastName as actorLastName', 'a.email as actorEmail')
    .castTo<Array<ModelObject<Refund> & Actor>>();
  return rows.map((r) => ({
    id: num(r.id),
    amountCents: num(r.amountCents),
    status: String(r.status),
    providerRefundId: str(r.providerRefundId),
    reason: str(r.reason),
    failureMessage: str(r.failureMessage),
    createdBy: personName(r),
    createdAt: toIso(r.createdAt),
  }));
}

function shortfallNoteOf(meta: Record<string, unknown>): string | null {
  const s = meta.shortfall;
  return s && typeof s === 'object' && typeof (s as { note?: unknown }).note === 'string' ? (s as { note: string }).note : null;
}

export async function getAdminOrder(db: Db, orderId: number): Promise<AdminOrderDetail> {
  const row = await baseQuery(db).where('o.id', orderId).select(SUMMARY_COLUMNS).first().castTo<SummaryRow | undefined>();
  if (!row) throw notFound('Order not found');
  const summary = toSummary(row);
  const items = await OrderItem.query(db).where({ orderId }).orderBy('id', 'asc').select('kind', 'itemId', 'quantity', 'unitPriceCents', 'amountCents');
  let transfers: AdminOrderDetail['transfers'] = null;
  const lite = { kind: summary.kind, metadata: typeof row.metadata === 'string' ? row.metadata : null };
  if (isTransferOrder(lite)) {
    const usage = await TransferOrderUsage.query(db).findById(orderId).select('capacity', 'used');
    const count = summary.count;
    const refunded = refundedTransfers(summary.refundedCents, num(row.unitPriceCents), count);
    const used = usage ? num(usage.used) : 0;
    transfers = { count, used, refunded, remaining: summary.status === 'refunded' ? 0 : Math.max(0, count - refunded - used) };
  }
  return {
    ...summary,
    items: items.map((i) => ({
      kind: String(i.kind),
      itemId: i.itemId === null ? null : num(i.itemId),
      quantity: num(i.quantity),
      unitPriceCents: num(i.unitPriceCents),
      amountCents: num(i.amountCents),
    })),
    metadata: metadataOf(row.metadata),
    refunds: await refundsOf(db, orderId),
    timeline: await timelineOf(db, summary),
    refundableCents: summary.status === 'paid' || summary.status === 'partially_refunded' ? Math.max(0, summary.amountCents - summary.refundedCents) : 0,
    transfers,
    shortfallNote: shortfallNoteOf(metadataOf(row.metadata)),
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds

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

/** The lot capacity an order keeps after `refundedCents` were refunded. */
function capacityAfter(o: OrderForRefund, refundedCents: number): number {
  return o.count - refundedTransfers(refundedCents, o.unitPriceCents, o.count);
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
  input: { amountCents?: number; reason?: string; idempotencyKey: string },
  actorUserId: number | null,
): Promise<RefundResult> {
  const key = `admin-${orderId}-${input.idempotencyKey}`;
  const dup = await duplicateOf(deps, key);
  if (dup) return dup;
  const o: OrderForRefund | undefined = await Order.query(deps.db)
    .findById(orderId)
    .select('id', 'userId', 'kind', 'tier', 'count', 'unitPriceCents', 'amountCents', 'refundedCents', 'status', 'paymentIntentId', 'metadata');
  if (!o) throw notFound('Order not found');
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
  const now = toDbDate(deps.clock.now());

  if (lot) {
    // The usage row must exist before the transaction (inserting it under locks deadlocks on MariaDB, decision 020).
    await TransferOrderUsage.query(deps.db)
      .insert({ orderId, userId: o.userId as number, capacity: o.count, used: 0, bufferSeconds: bufferSecondsFor(o), updatedAt: now })
      .onConflict('orderId')
      .ignore();
  }

  let refundId: number;
  try {
    refundId = await withRetry(() =>
      deps.db.transaction(async (trx) => {
        const n = await Order.query(trx)
          .where({ id: orderId, status: 'paid', refundedCents: before })
          .patch({ refundedCents: after, status: after >= o.amountCents ? 'refunded' : 'paid', updatedAt: now });
        if (Number(n) !== 1) throw conflict(REFUND_CHANGED_MESSAGE);
        if (lot) {
          const cap = capacityAfter(o, after);
          const m = await TransferOrderUsage.query(trx).where({ orderId }).where('used', '<=', cap).patch({ capacity: cap, updatedAt: now });
          if (Number(m) !== 1) {
            const usage = await TransferOrderUsage.query(trx).findById(orderId).select('used');
            throw conflict(usedTransfersMessage(Math.max(0, capacityAfter(o, before) - num(usage?.used))));
          }
        }
        const { id } = await Refund.query(trx).insert({
          orderId,
          amountCents: amount,
          status: 'pending',
          idempotencyKey: key,
          reason: input.reason || null,
          createdByUserId: actorUserId,
          createdAt: now,
          updatedAt: now,
        });
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
            ...(lot ? { transfersRemoved: refundedTransfers(after, o.unitPriceCents, o.count) - refundedTransfers(before, o.unitPriceCents, o.count) } : {}),
          },
          actorUserId,
        );
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
        if (lot) {
          const cur = (await Order.query(trx).findById(orderId).select('refundedCents')) as Order;
          await TransferOrderUsage.query(trx)
            .where({ orderId })
            .patch({ capacity: capacityAfter(o, num(cur.refundedCents)), updatedAt: toDbDate(deps.clock.now()) });
        }
        await Refund.query(trx)
          .where({ id: refundId })
          .patch({ status: 'failed', failureMessage: message, updatedAt: toDbDate(deps.clock.now()) });
        await recordOrderEvent(trx, orderId, 'refund_failed', { refundId, amountCents: amount, message }, actorUserId);
      }),
    );
    throw new HttpError(502, `The payment provider did not refund: ${message}`);
  }
  const order = await getAdminOrder(deps.db, orderId);
  return { refund: order.refunds.find((r) => r.id === refundId)!, duplicate: false, order };
}
