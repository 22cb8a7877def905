// The agent's balance, derived from paid orders (no hook in the payments code): every paid transfer
// order of the agent is a lot of transfers at the order's own rate and its tier's buffer. How much of
// each lot is drawn lives in transfer_order_usage, which a draw updates conditionally (never above the
// order's count), so concurrent calls cannot overdraw.
import type { Knex } from 'knex';
import { TIERS, HIGH_VOLUME, type TierId } from '@tm/shared';
import { bufferSecondsFor, TRANSFER_ORDER_KINDS } from '@tm/shared/logic/transfer-rules';
import type { TransferBalanceView, TransferLotView } from '@tm/shared/schemas/transfers';
import type { Db } from '../../db/index.ts';
import { toIso } from '../../db/dates.ts';
import { raw } from 'objection';
import { Order, Refund, TransferCall, TransferCallTotal, TransferOrderUsage } from '../../models/index.ts';

export interface Lot extends TransferLotView {
  createdAt: string | null;
}

function metadataOf(order: { metadata: string | null }): Record<string, unknown> {
  try {
    const m = order.metadata ? JSON.parse(order.metadata) : {};
    return m && typeof m === 'object' ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Does this order buy live transfers? RingCloud only when its lead type is Live Transfers. */
export function isTransferOrder(order: { kind: string; metadata: string | null }): boolean {
  if (order.kind === 'ringcloud') return metadataOf(order).leadType === 'Live Transfers';
  return order.kind === 'transfer_package' || order.kind === 'live_transfer';
}

export function tierLabel(tier: string | null): string | null {
  if (!tier) return null;
  if (tier === HIGH_VOLUME.id) return 'High Volume';
  if (tier in TIERS) return TIERS[tier as TierId].label;
  if (tier === 'ringcloud') return 'RingCloud';
  return tier;
}

/** What an order bought, in words ("30 transfers, Standard"). */
export function orderDescription(order: { kind: string; tier: string | null; count: number; metadata: string | null }): string {
  switch (order.kind) {
    case 'transfer_package':
      return `${order.count} transfers, ${tierLabel(order.tier) ?? 'Standard'}`;
    case 'live_transfer':
      return `${order.count} live transfers`;
    case 'ringcloud': {
      const type = String(metadataOf(order).packageType ?? 'RingCloud');
      return `${type} x ${order.count}`;
    }
    case 'leads':
      return `${order.count} leads`;
    case 'appointments':
      return `${order.count} appointments`;
    default:
      return `${order.count} x ${order.kind}`;
  }
}

/** The agent's paid transfer orders, oldest paid first (the order calls draw on), with what is left. */
export async function transferLots(db: Db | Knex.Transaction, userId: number): Promise<Lot[]> {
  const orders = await Order.query(db)
    .where({ userId, status: 'paid' })
    .whereIn('kind', [...TRANSFER_ORDER_KINDS])
    .orderBy([
      { column: 'paidAt', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'kind', 'tier', 'count', 'unitPriceCents', 'metadata', 'paidAt', 'createdAt');
  const lots = orders.filter(isTransferOrder);
  if (lots.length === 0) return [];
  const usage = await TransferOrderUsage.query(db)
    .whereIn(
      'orderId',
      lots.map((o) => o.id),
    )
    .select('orderId', 'capacity', 'used', 'bufferSeconds');
  const byOrder = new Map(usage.map((u) => [Number(u.orderId), u]));
  return lots.map((o) => {
    const u = byOrder.get(Number(o.id));
    // A partly refunded order's usage row has a smaller capacity: the refunded transfers are gone (decision 035).
    const count = u ? Math.min(Number(o.count), Number(u.capacity)) : Number(o.count);
    const used = u ? Number(u.used) : 0;
    return {
      orderId: Number(o.id),
      kind: o.kind,
      tier: o.tier,
      label: orderDescription(o),
      paidAt: toIso(o.paidAt),
      createdAt: toIso(o.createdAt),
      count,
      used,
      remaining: Math.max(0, count - used),
      bought: Number(o.count),
      refunded: Math.max(0, Number(o.count) - count),
      unitPriceCents: Number(o.unitPriceCents),
      // The buffer is fixed when the lot is first drawn on; until then it follows the catalogue.
      bufferSeconds: u ? Number(u.bufferSeconds) : bufferSecondsFor(o),
    };
  });
}

/**
 * How many transfers a refund of `refundedCents` takes back from an order of `count` transfers at
 * `unitPriceCents` each: every transfer refunded in whole or in part (rounded up), at most the order's count.
 */
export function refundedTransfers(refundedCents: number, unitPriceCents: number, count: number): number {
  if (refundedCents <= 0 || unitPriceCents <= 0) return 0;
  return Math.min(count, Math.ceil(refundedCents / unitPriceCents));
}

/** A refund as the agent's and the admin's views show it: what it gave back and what it took back. */
export interface RefundLine {
  id: number;
  amountCents: number;
  at: string | null;
  /** Transfers it took out of the order's lot (0 for a money-only refund and for orders of other kinds). */
  transfers: number;
  moneyOnly: boolean;
  reason: string | null;
}

type RefundRowLike = Pick<Refund, 'id' | 'amountCents' | 'transfersTakenBack' | 'moneyOnly' | 'reason' | 'updatedAt'>;

/**
 * The succeeded refunds of one order (oldest first) as lines. A refund records the transfers it took
 * back; one made before that was recorded took back what its amount covers, counted on the refunds
 * that took transfers (money-only refunds take none, decision 160).
 */
export function refundLines(order: { kind: string; metadata: string | null; count: number; unitPriceCents: number }, refunds: RefundRowLike[]): RefundLine[] {
  const lot = isTransferOrder(order);
  let takingCents = 0;
  return [...refunds]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => {
      const moneyOnly = Boolean(r.moneyOnly);
      const before = refundedTransfers(takingCents, Number(order.unitPriceCents), Number(order.count));
      if (!moneyOnly) takingCents += Number(r.amountCents);
      const after = refundedTransfers(takingCents, Number(order.unitPriceCents), Number(order.count));
      const transfers =
        !lot || moneyOnly ? 0 : r.transfersTakenBack !== null && r.transfersTakenBack !== undefined ? Number(r.transfersTakenBack) : after - before;
      return { id: Number(r.id), amountCents: Number(r.amountCents), at: toIso(r.updatedAt), transfers, moneyOnly, reason: r.reason ?? null };
    });
}

/** The succeeded refunds of these orders, by order id (oldest first). */
export async function succeededRefunds(db: Db | Knex.Transaction, orderIds: number[]): Promise<Map<number, RefundRowLike[]>> {
  const out = new Map<number, RefundRowLike[]>();
  if (orderIds.length === 0) return out;
  const rows = await Refund.query(db)
    .whereIn('orderId', orderIds)
    .where({ status: 'succeeded' })
    .orderBy('id', 'asc')
    .select('id', 'orderId', 'amountCents', 'transfersTakenBack', 'moneyOnly', 'reason', 'updatedAt');
  for (const r of rows) {
    const list = out.get(Number(r.orderId)) ?? [];
    list.push(r);
    out.set(Number(r.orderId), list);
  }
  return out;
}

/** Creates the usage rows of lots that have none yet (outside the draw's transaction: no lasting lock). */
export async function ensureUsageRows(db: Db, userId: number, lots: Lot[]): Promise<void> {
  for (const lot of lots) {
    await TransferOrderUsage.query(db)
      .insert({ orderId: lot.orderId, userId, capacity: lot.count, used: 0, bufferSeconds: lot.bufferSeconds })
      .onConflict('orderId')
      .ignore();
  }
}

/** Takes one transfer from a lot if it has one left; false when another draw took the last one. */
export async function drawFrom(trx: Knex.Transaction, orderId: number, stamp: string): Promise<boolean> {
  const n = await TransferOrderUsage.query(trx)
    .where({ orderId })
    .whereRaw('?? < ??', ['used', 'capacity'])
    .patch({ used: raw('?? + 1', ['used']), updatedAt: stamp });
  return Number(n) === 1;
}

/** Gives one transfer back to a lot (an approved dispute). */
export async function creditTo(trx: Knex.Transaction, orderId: number, stamp: string): Promise<boolean> {
  const n = await TransferOrderUsage.query(trx)
    .where({ orderId })
    .where('used', '>', 0)
    .patch({ used: raw('?? - 1', ['used']), updatedAt: stamp });
  return Number(n) === 1;
}

/** Calls of one status: how many and what they were charged (sums come back as strings on MariaDB). */
type CallTotalsRow = Pick<TransferCall, 'status'> & { n: number | string; cents: number | string | null };

export async function balanceView(
  db: Db,
  userId: number,
  pause: { pausedNow: boolean; pausedReason: TransferBalanceView['pausedReason']; resumeDate: string | null },
): Promise<TransferBalanceView> {
  const lots = await transferLots(db, userId);
  // The calls by status from the totals the triggers keep (decision 265), not a count of every call.
  const totals = (await TransferCallTotal.query(db).where({ userId }).select('status', 'n', 'cents')) as CallTotalsRow[];
  const of = (status: string) => totals.find((t) => t.status === status);
  return {
    remaining: lots.reduce((s, l) => s + l.remaining, 0),
    purchased: lots.reduce((s, l) => s + l.count, 0),
    lots: lots.map(({ createdAt: _c, ...lot }) => lot),
    billedCount: Number(of('billed')?.n ?? 0),
    noChargeCount: Number(of('no_charge')?.n ?? 0),
    creditedCount: Number(of('credited')?.n ?? 0),
    spentCents: Number(of('billed')?.cents ?? 0),
    creditedCents: Number(of('credited')?.cents ?? 0),
    ...pause,
  };
}
