// The agent's ledger: every paid order (a purchase), every transfer credited back by an approved dispute
// (a credit) and every refunded order (a refund), newest first; its CSV; and one order's receipt.
import { orderPriceBasis, priceSourceOf } from '@tm/shared/logic/price-story';
import { autoRebillChargeOf, autoRebillChargeText } from '@tm/shared/logic/auto-rebill';
import { centsToDecimal } from '@tm/shared';
import type { LedgerEntry, ReceiptStatus, ReceiptView } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { toIso } from '../../db/dates.ts';
import { isTransferOrder, orderDescription, refundLines, succeededRefunds, transferLots } from './lots.service.ts';
import { csvLine } from '../../lib/csv.ts';
import { orderItems, receiptLines } from '../orders/receipt-lines.ts';
import { Order, TransferCall, TransferDispute, User } from '../../models/index.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const receiptPath = (orderId: number) => `/dashboard/receipts/${orderId}`;

/** An approved dispute (decided, so decidedAt is set) with the call it credited. */
type CreditRow = { disputeId: TransferDispute['id']; decidedAt: NonNullable<TransferDispute['decidedAt']>; callId: TransferCall['id'] } & Pick<
  TransferCall,
  'externalCallId' | 'orderId' | 'chargeCents'
>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function ledgerEntries(db: Db, userId: number): Promise<LedgerEntry[]> {
  const orders = await Order.query(db).where({ userId }).whereIn('status', ['paid', 'refunded']);
  const credits = (await TransferDispute.query(db)
    .alias('d')
    .join(`${TransferCall.tableName} as c`, 'c.id', 'd.callId')
    .where({ 'd.userId': userId, 'd.status': 'approved' })
    .select('d.id as disputeId', 'd.decidedAt', 'c.id as callId', 'c.externalCallId', 'c.orderId', 'c.chargeCents')) as unknown as CreditRow[];
  const refunds = await succeededRefunds(
    db,
    orders.map((o) => Number(o.id)),
  );
  const entries: LedgerEntry[] = [];
  for (const o of orders) {
    const transfers = isTransferOrder(o) ? Number(o.count) : 0;
    entries.push({
      id: `order-${o.id}`,
      at: toIso(o.paidAt ?? o.createdAt) ?? '',
      type: 'purchase',
      orderId: Number(o.id),
      disputeId: null,
      description: `Order #${o.id}: ${orderDescription(o)}`,
      transfers,
      amountCents: Number(o.amountCents),
      receiptPath: receiptPath(Number(o.id)),
    });
    // Refunds made by an admin (whole or partial): each one, with the transfers it took back.
    const lines = refundLines(o, refunds.get(Number(o.id)) ?? []);
    let refundedSoFar = 0;
    for (const r of lines) {
      refundedSoFar += r.amountCents;
      const whole = refundedSoFar >= Number(o.amountCents);
      const what =
        transfers === 0 ? '' : r.moneyOnly ? ': money only, no transfers taken back' : `: ${plural(r.transfers, 'transfer', 'transfers')} taken back`;
      entries.push({
        id: `refund-${o.id}-${r.id}`,
        at: r.at ?? '',
        type: 'refund',
        orderId: Number(o.id),
        disputeId: null,
        description: `Order #${o.id} ${whole ? 'refunded' : 'partially refunded'}${what}`,
        transfers: -r.transfers,
        amountCents: r.amountCents,
        receiptPath: receiptPath(Number(o.id)),
      });
    }
    if (o.status === 'refunded' && lines.length === 0) {
      entries.push({
        id: `refund-${o.id}`,
        at: toIso(o.updatedAt) ?? '',
        type: 'refund',
        orderId: Number(o.id),
        disputeId: null,
        description: `Order #${o.id} refunded`,
        transfers: -transfers,
        amountCents: Number(o.amountCents),
        receiptPath: receiptPath(Number(o.id)),
      });
    }
  }
  for (const c of credits) {
    entries.push({
      id: `credit-${c.disputeId}`,
      at: toIso(c.decidedAt) ?? '',
      type: 'credit',
      orderId: c.orderId === null ? null : Number(c.orderId),
      disputeId: Number(c.disputeId),
      description: `Transfer credited back: call ${c.externalCallId} (dispute #${c.disputeId})`,
      transfers: 1,
      amountCents: Number(c.chargeCents),
      receiptPath: c.orderId === null ? null : receiptPath(Number(c.orderId)),
    });
  }
  return entries.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
}

/**
 * The agent's newest `n` purchases, as the ledger's purchase entries say them (paid or refunded orders, by
 * paid time, else creation time, newest first), reading `n` orders and no more: the portal home's list
 * (issue 38 point 4, decision 265). Equal times go by id, newest first.
 */
export async function recentPurchases(
  db: Db,
  userId: number,
  n: number,
): Promise<Array<Pick<LedgerEntry, 'at' | 'description' | 'amountCents'> & { orderId: number; receiptPath: string }>> {
  // Each status's newest by paid time, read backwards from (user, status, paid at, id), n at most; and the
  // legacy orders without a paid time (by creation). Merged here: 3n rows at most, whatever the agent bought.
  const columns = ['id', 'kind', 'tier', 'count', 'metadata', 'amountCents', 'paidAt', 'createdAt'] as const;
  const newest = (status: string) =>
    Order.query(db)
      .where({ userId, status })
      .whereNotNull('paidAt')
      .orderBy([
        { column: 'paidAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(n)
      .select(...columns);
  const parts = await Promise.all([
    newest('paid'),
    newest('refunded'),
    Order.query(db)
      .where({ userId })
      .whereIn('status', ['paid', 'refunded'])
      .whereNull('paidAt')
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(n)
      .select(...columns),
  ]);
  const at = (o: Order) => toIso(o.paidAt ?? o.createdAt) ?? '';
  const orders = parts
    .flat()
    .sort((a, b) => at(b).localeCompare(at(a)) || Number(b.id) - Number(a.id))
    .slice(0, n);
  return orders.map((o) => ({
    orderId: Number(o.id),
    at: at(o),
    description: `Order #${o.id}: ${orderDescription(o)}`,
    amountCents: Number(o.amountCents),
    receiptPath: receiptPath(Number(o.id)),
  }));
}

const TYPE_LABEL: Record<LedgerEntry['type'], string> = { purchase: 'Purchase', credit: 'Credit', refund: 'Refund' };

export function ledgerCsv(entries: LedgerEntry[], origin: string): string {
  let out = csvLine(['Date (UTC)', 'Type', 'Order', 'Dispute', 'Description', 'Transfers', 'Amount (USD)', 'Receipt']);
  for (const e of entries) {
    out += csvLine([
      e.at,
      TYPE_LABEL[e.type],
      e.orderId,
      e.disputeId,
      e.description,
      e.transfers,
      centsToDecimal(e.amountCents),
      e.receiptPath ? origin + e.receiptPath : '',
    ]);
  }
  return out;
}

/** One of the agent's own paid (or refunded) orders, as a receipt; anything else is 404. */
export async function orderReceipt(deps: AppDeps, userId: number, orderId: number): Promise<ReceiptView> {
  const o = await Order.query(deps.db).where({ id: orderId, userId }).whereIn('status', ['paid', 'refunded']).first();
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const user = await User.query(deps.db).findById(userId).select('firstName', 'lastName', 'email', 'agencyName', 'phone');
  const lines = refundLines(o, (await succeededRefunds(deps.db, [orderId])).get(orderId) ?? []);
  const amountCents = Number(o.amountCents);
  // A refund made when the items had gone to another buyer has no refund row: the order's own figure.
  const refundedCents = o.status === 'refunded' && lines.length === 0 ? amountCents : Number(o.refundedCents ?? 0);
  const status: ReceiptStatus = o.status === 'refunded' ? 'refunded' : refundedCents > 0 ? 'partially_refunded' : 'paid';
  const refunds: ReceiptView['refunds'] =
    lines.length === 0 && o.status === 'refunded'
      ? [{ id: 0, amountCents, at: toIso(o.updatedAt), transfers: isTransferOrder(o) ? Number(o.count) : 0, moneyOnly: false }]
      : lines.map((l) => ({ id: l.id, amountCents: l.amountCents, at: l.at, transfers: l.transfers, moneyOnly: l.moneyOnly }));
  let transfers: ReceiptView['transfers'] = null;
  if (isTransferOrder(o)) {
    const lot = (await transferLots(deps.db, userId)).find((l) => l.orderId === orderId);
    const creditRow = (await TransferDispute.query(deps.db)
      .alias('d')
      .join(`${TransferCall.tableName} as c`, 'c.id', 'd.callId')
      .where({ 'c.orderId': orderId, 'd.status': 'approved' })
      .count({ n: '*' })
      .first()) as { n?: number | string } | undefined;
    transfers = {
      bufferSeconds: lot?.bufferSeconds ?? 0,
      used: lot?.used ?? 0,
      remaining: lot?.remaining ?? 0,
      credits: Number(creditRow?.n ?? 0),
      refunded: refunds.reduce((sum, r) => sum + r.transfers, 0),
    };
  }
  return {
    orderId: Number(o.id),
    status,
    refunds,
    refundedCents,
    netPaidCents: Math.max(0, amountCents - refundedCents),
    description: orderDescription(o),
    priceBasis: orderPriceBasis({ kind: o.kind, tier: o.tier, priceSource: priceSourceOf(o) }),
    kind: o.kind,
    tier: o.tier,
    count: Number(o.count),
    unitPriceCents: Number(o.unitPriceCents),
    amountCents: Number(o.amountCents),
    currency: o.currency,
    createdAt: toIso(o.createdAt),
    paidAt: toIso(o.paidAt),
    paymentReference: o.paymentIntentId,
    automaticCharge: (() => {
      const auto = autoRebillChargeOf(o.metadata);
      return auto ? autoRebillChargeText(auto.card) : null;
    })(),
    testMode: deps.config.stripe.testMode,
    buyer: {
      name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
      email: user?.email ?? '',
      agencyName: user?.agencyName ?? '',
      phone: user?.phone ?? '',
    },
    transfers,
    // Leads and appointments: a line per kind and price, with the buyer's own price named (decision 251).
    lines: o.kind === 'leads' || o.kind === 'appointments' ? receiptLines(await orderItems(deps.db, orderId)) : [],
  };
}
