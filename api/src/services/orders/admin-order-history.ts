// One order's history as the admin reads it: its timeline (events in words, with who acted) and its refunds.
import type { ModelObject } from 'objection';
import type { AdminOrderEvent, AdminOrderSummary, AdminRefund } from '@tm/shared/schemas/admin-business';
import type { Db } from '../../db/index.ts';
import { toIso } from '../../db/dates.ts';
import { num } from '../../db/numbers.ts';
import { refundLines } from '../transfers/lots.service.ts';
import { OrderEvent, PaymentEvent, Refund, User } from '../../models/index.ts';

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** Who did something (an order event's or a refund's actor), from a left join of their account. */
type Actor = { actorFirstName: string | null; actorLastName: string | null; actorEmail: string | null };

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
  expired: 'Expired (not paid in time)',
  canceled: 'Canceled',
};

const NOUNS: Record<string, [string, string]> = {
  aged_leads: ['aged lead', 'aged leads'],
  callbacks: ['call-back', 'call-backs'],
  transfers: ['transfer', 'transfers'],
  leads: ['lead', 'leads'],
  appointments: ['appointment', 'appointments'],
  transfer_package: ['transfer', 'transfers'],
  live_transfer: ['transfer', 'transfers'],
};
const countOf = (n: number, product: unknown) => {
  const [one, many] = NOUNS[String(product)] ?? ['item', 'items'];
  return `${n} ${n === 1 ? one : many}`;
};
const intOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const BY_WHOM: Record<string, string> = { callback: 'reported by the caller system', admin: 'entered by an admin' };

/** A fulfilment event in words: what, how many, and (with the actor shown beside it) who. */
export function fulfilmentLabel(type: string, detail: Record<string, unknown> | null): string | null {
  if (!detail || !detail.product) return null;
  const p = detail.product;
  const count = intOf(detail.count);
  const delivered = intOf(detail.delivered);
  const owed = intOf(detail.owed);
  const credited = intOf(detail.credited);
  const by = typeof detail.by === 'string' && BY_WHOM[detail.by] ? ` (${BY_WHOM[detail.by]})` : '';
  const tally = delivered !== null && owed !== null ? `: ${delivered} delivered in all, ${owed} owed` : '';
  switch (type) {
    case 'delivered':
      return count !== null ? `Delivered ${countOf(count, p)}${by}${tally}` : null;
    case 'fulfilled':
      if (credited !== null) return `Fulfilled: ${countOf(credited, p)} added to the buyer's balance`;
      if (count !== null) return `Fulfilled: delivered ${countOf(count, p)}${by}, all ${delivered ?? count} delivered`;
      return delivered !== null ? `Fulfilled: ${countOf(delivered, p)} delivered` : null;
    case 'partially_fulfilled':
      return delivered !== null ? `Partially fulfilled: ${countOf(delivered, p)} delivered, ${owed ?? 0} owed` : null;
    case 'owed':
      return owed !== null ? `Owed to the buyer: ${countOf(owed, p)}` : null;
    default:
      return null;
  }
}

function personName(r: Actor): string | null {
  const email = str(r.actorEmail);
  if (!email) return null;
  const name = `${str(r.actorFirstName) ?? ''} ${str(r.actorLastName) ?? ''}`.trim();
  return name ? `${name} (${email})` : email;
}

export async function timelineOf(db: Db, order: AdminOrderSummary): Promise<AdminOrderEvent[]> {
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
      label: fulfilmentLabel(String(r.type), detail) ?? EVENT_LABELS[String(r.type)] ?? String(r.type).replace(/_/g, ' '),
      actor: personName(r),
      detail,
      order: 2,
    });
  }
  return events.sort((a, b) => (a.at === b.at ? a.order - b.order : (a.at ?? '').localeCompare(b.at ?? ''))).map(({ order: _o, ...e }) => e);
}

export async function refundsOf(
  db: Db,
  order: { kind: string; metadata: string | null; count: number; unitPriceCents: number },
  orderId: number,
): Promise<AdminRefund[]> {
  const rows = await Refund.query(db)
    .alias('r')
    .leftJoin(`${User.tableName} as a`, 'a.id', 'r.createdByUserId')
    .where('r.orderId', orderId)
    .orderBy('r.id', 'asc')
    .select('r.*', 'a.firstName as actorFirstName', 'a.lastName as actorLastName', 'a.email as actorEmail')
    .castTo<Array<ModelObject<Refund> & Actor>>();
  const lines = new Map(
    refundLines(
      order,
      rows.filter((r) => r.status === 'succeeded'),
    ).map((l) => [l.id, l]),
  );
  return rows.map((r) => ({
    id: num(r.id),
    amountCents: num(r.amountCents),
    status: String(r.status),
    providerRefundId: str(r.providerRefundId),
    reason: str(r.reason),
    failureMessage: str(r.failureMessage),
    createdBy: personName(r),
    createdAt: toIso(r.createdAt),
    transfersTakenBack: lines.get(num(r.id))?.transfers ?? (r.transfersTakenBack === null ? 0 : num(r.transfersTakenBack)),
    moneyOnly: Boolean(r.moneyOnly),
  }));
}
