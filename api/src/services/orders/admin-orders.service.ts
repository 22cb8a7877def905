// The admin's view of every order (issue 13 item 3): the filtered, paginated list and its CSV, and one
// order's detail with its timeline (refunds are in admin-refunds.service.ts).
import type { Knex } from 'knex';
import { type ModelObject } from 'objection';
import {
  ADMIN_ORDER_STATUS_LABELS,
  FULFILMENT_LABELS,
  ORDER_PRODUCT_LABELS,
  type AdminOrderDetail,
  type AdminOrderStatus,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type AdminOrderSummary,
  type OrderProduct,
} from '@tm/shared/schemas/admin-business';
import { centsToDecimal } from '@tm/shared';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { readPage, seekBatches, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { phoneSearchDigits } from '@tm/shared/logic/phone-search';
import { isTransferOrder, orderDescription } from '../transfers/lots.service.ts';
import { csvLine } from '../../lib/csv.ts';
import { getAttribution } from '../marketing/attribution.service.ts';
import { Appointment, Lead, OnboardingSurvey, Order, TransferOrderUsage, User } from '../../models/index.ts';
import { num } from '../../db/numbers.ts';
import { refundsOf, timelineOf } from './admin-order-history.ts';
import { moneyOnlyCap, transferRefundCap } from './refund-caps.ts';
import { orderItems } from './receipt-lines.ts';
import { buyerPriceBasis } from '@tm/shared/schemas/buyer-prices';

export { fulfilmentLabel } from './admin-order-history.ts';
export { moneyOnlyCap, transferRefundCap } from './refund-caps.ts';

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

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
  'attributionId',
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
  // A phone in any form finds the orders of the account with that phone, by its indexed digits (issue 36 point 5).
  const phone = phoneSearchDigits(q.q);
  if (phone) base = base.where('u.phoneDigits', phone);
  for (const term of phone ? [] : q.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    base = whereAnyContains(base, ['u.firstName', 'u.lastName', 'u.email', 's.firstName', 's.lastName', 's.email'], term);
  }
  return base;
}

const NEWEST_FIRST = ['o.createdAt', 'o.id'].map((column) => ({ column, order: 'desc' as const }));

export async function listAdminOrders(db: Db, q: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const page = await readPage<SummaryRow>(q, { rows: filtered(db, q).orderBy(NEWEST_FIRST), count: filtered(db, q) });
  return withItems(page, page.items.map(toSummary));
}

/**
 * Every order the filters match (not only one page), as CSV in chunks (decision 277): newest first, read
 * `batch` orders a statement by keyset on (createdAt, id); at most `limit` rows.
 */
export async function* adminOrdersCsv(db: Db, q: AdminOrdersQuery, limit = 50_000, batch = 1000): AsyncGenerator<string> {
  yield csvLine([
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
  for await (const rows of seekBatches<SummaryRow>(
    () => filtered(db, q),
    NEWEST_FIRST,
    (r) => [r.createdAt, r.id],
    batch,
    limit,
  )) {
    let out = '';
    for (const o of rows.map(toSummary)) {
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
    yield out;
  }
}

// ---------------------------------------------------------------------------------------------
// One order (its timeline and refunds: admin-order-history.ts)

function shortfallNoteOf(meta: Record<string, unknown>): string | null {
  const s = meta.shortfall;
  return s && typeof s === 'object' && typeof (s as { note?: unknown }).note === 'string' ? (s as { note: string }).note : null;
}

/** When a pending order's hold on leads or appointments ends (the earliest), or null when it holds none. */
async function holdExpiry(db: Db, orderId: number): Promise<string | null> {
  const rows = [
    await Lead.query(db).where({ status: 'reserved', reservedOrderId: orderId }).orderBy('reservedUntil', 'asc').select('reservedUntil').first(),
    await Appointment.query(db).where({ status: 'reserved', reservedOrderId: orderId }).orderBy('reservedUntil', 'asc').select('reservedUntil').first(),
  ];
  const times = rows.flatMap((r) => (r?.reservedUntil ? [toIso(r.reservedUntil)!] : []));
  return times.length ? times.sort()[0]! : null;
}

export async function getAdminOrder(db: Db, orderId: number): Promise<AdminOrderDetail> {
  const row = await baseQuery(db).where('o.id', orderId).select(SUMMARY_COLUMNS).first().castTo<SummaryRow | undefined>();
  if (!row) throw notFound('Order not found');
  const summary = toSummary(row);
  const items = await orderItems(db, orderId);
  let transfers: AdminOrderDetail['transfers'] = null;
  const lite = { kind: summary.kind, metadata: typeof row.metadata === 'string' ? row.metadata : null };
  if (isTransferOrder(lite)) {
    const usage = await TransferOrderUsage.query(db).findById(orderId).select('capacity', 'used');
    const count = summary.count;
    // The lot's capacity is what refunds left of it; without a usage row, no refund took any.
    const capacity = usage ? Math.min(count, num(usage.capacity)) : count;
    const refunded = count - capacity;
    const used = usage ? num(usage.used) : 0;
    transfers = { count, used, refunded, remaining: summary.status === 'refunded' ? 0 : Math.max(0, capacity - used) };
  }
  const refundableCents = summary.status === 'paid' || summary.status === 'partially_refunded' ? Math.max(0, summary.amountCents - summary.refundedCents) : 0;
  const unit = num(row.unitPriceCents);
  const refunds = await refundsOf(db, { ...lite, count: summary.count, unitPriceCents: unit }, orderId);
  return {
    ...summary,
    items: items.map((i) => ({
      kind: String(i.kind),
      itemId: i.itemId === null ? null : num(i.itemId),
      quantity: num(i.quantity),
      unitPriceCents: num(i.unitPriceCents),
      amountCents: num(i.amountCents),
      priceBasis: buyerPriceBasis(i.priceSource, 'admin'),
    })),
    metadata: metadataOf(row.metadata),
    refunds,
    timeline: await timelineOf(db, summary),
    attribution: await getAttribution(db, row.attributionId),
    refundableCents,
    netPaidCents:
      summary.status === 'paid' || summary.status === 'partially_refunded' || summary.status === 'refunded'
        ? Math.max(0, summary.amountCents - summary.refundedCents)
        : 0,
    moneyOnlyRefundableCents: transfers ? moneyOnlyCap(refundableCents, transfers.remaining, unit) : refundableCents,
    transferRefundableCents: transfers ? transferRefundCap(refundableCents, refunds, transfers, summary.count, unit) : refundableCents,
    holdExpiresAt: summary.status === 'pending' ? await holdExpiry(db, orderId) : null,
    transfers,
    shortfallNote: shortfallNoteOf(metadataOf(row.metadata)),
  };
}
