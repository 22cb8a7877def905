// Low balances per buyer (issue 36 point 6, decision 230): each buyer's own threshold (users.low_balance_threshold,
// default 5), the admin's list of active buyers at or below theirs, and a buyer's open balance with the
// refund of its unused part when an admin deactivates them.
import { raw } from 'objection';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { Order, TransferOrderUsage, User } from '../../models/index.ts';
import type { LowBalanceBuyer, OpenBalance } from '@tm/shared/schemas/buyer-balance';
import { notFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { isTransferOrder, transferLots } from './lots.service.ts';
import { refundOrder } from '../orders/admin-refunds.service.ts';
import type { RefundResult } from '@tm/shared/schemas/admin-business';
import { num } from '../../db/numbers.ts';

/** Transfers left per buyer who ever paid for transfers: one grouped query, plus RingCloud live-transfer orders. */
async function balancesByBuyer(db: Db): Promise<Map<number, { balance: number; lastPaidAt: string | null }>> {
  const remaining = raw('SUM(CASE WHEN ?? IS NOT NULL AND ?? < ?? THEN ?? ELSE ?? END - COALESCE(??, 0)) as ??', [
    'u.capacity',
    'u.capacity',
    'o.count',
    'u.capacity',
    'o.count',
    'u.used',
    'balance',
  ]);
  const grouped = (await Order.query(db)
    .alias('o')
    .leftJoin(`${TransferOrderUsage.tableName} as u`, 'u.orderId', 'o.id')
    .where('o.status', 'paid')
    .whereIn('o.kind', ['transfer_package', 'live_transfer'])
    .groupBy('o.userId')
    .select('o.userId', remaining, raw('MAX(??) as ??', ['o.paidAt', 'lastPaidAt']))) as unknown as Array<{
    userId: number;
    balance: unknown;
    lastPaidAt: unknown;
  }>;
  const out = new Map<number, { balance: number; lastPaidAt: string | null }>();
  for (const r of grouped) out.set(num(r.userId), { balance: num(r.balance), lastPaidAt: toIso(r.lastPaidAt as string) });
  // RingCloud orders are transfers only for the Live Transfers lead type (in their metadata): few, read whole.
  const rc = await Order.query(db)
    .alias('o')
    .leftJoin(`${TransferOrderUsage.tableName} as u`, 'u.orderId', 'o.id')
    .where({ 'o.status': 'paid', 'o.kind': 'ringcloud' })
    .select('o.userId', 'o.kind', 'o.metadata', 'o.count', 'o.paidAt', 'u.capacity', 'u.used');
  for (const r of rc as unknown as Array<{
    userId: number;
    kind: string;
    metadata: string | null;
    count: number;
    paidAt: string;
    capacity: unknown;
    used: unknown;
  }>) {
    if (!isTransferOrder(r)) continue;
    const count = r.capacity === null || r.capacity === undefined ? num(r.count) : Math.min(num(r.count), num(r.capacity));
    const cur = out.get(num(r.userId)) ?? { balance: 0, lastPaidAt: null };
    const paid = toIso(r.paidAt);
    out.set(num(r.userId), {
      balance: cur.balance + Math.max(0, count - num(r.used)),
      lastPaidAt: [cur.lastPaidAt, paid].filter(Boolean).sort().pop() ?? null,
    });
  }
  return out;
}

/** Active, non-admin buyers whose balance is at or below their own threshold, lowest balance first. */
export async function listLowBalanceBuyers(db: Db): Promise<LowBalanceBuyer[]> {
  const balances = await balancesByBuyer(db);
  if (!balances.size) return [];
  const users = await User.query(db)
    .whereIn('id', [...balances.keys()])
    .whereNull('deactivatedAt')
    .where('isAdmin', false)
    .select('id', 'email', 'firstName', 'lastName', 'phone', 'lowBalanceThreshold');
  const rows: LowBalanceBuyer[] = [];
  for (const u of users) {
    const b = balances.get(num(u.id))!;
    const threshold = num(u.lowBalanceThreshold);
    if (threshold > 0 && b.balance <= threshold)
      rows.push({
        userId: num(u.id),
        email: u.email,
        name: `${u.firstName} ${u.lastName}`.trim(),
        phone: u.phone,
        balance: b.balance,
        threshold,
        lastPaidAt: b.lastPaidAt,
      });
  }
  return rows.sort((a, b) => a.balance - b.balance || a.userId - b.userId);
}

export async function setLowBalanceThreshold(
  db: Db,
  userId: number,
  threshold: number,
  now: Date,
  actor: AuditActor,
): Promise<{ userId: number; threshold: number }> {
  return db.transaction(async (trx) => {
    const user = await User.query(trx).findById(userId).select('id', 'lowBalanceThreshold');
    if (!user) throw notFound('User not found');
    const before = num(user.lowBalanceThreshold);
    if (before !== threshold) {
      await User.query(trx)
        .findById(userId)
        .patch({ lowBalanceThreshold: threshold, updatedAt: toDbDate(now) });
      await recordAudit(trx, {
        actor,
        action: 'user.low_balance_threshold',
        entity: 'user',
        entityId: userId,
        userId,
        before: { lowBalanceThreshold: before },
        after: { lowBalanceThreshold: threshold },
        at: now,
      });
    }
    return { userId, threshold };
  });
}

/** The buyer's unused transfers, per paid order, and what refunding them returns. */
export async function openBalance(db: Db, userId: number): Promise<OpenBalance> {
  const user = await User.query(db).findById(userId).select('id');
  if (!user) throw notFound('User not found');
  const lots = (await transferLots(db, userId)).filter((l) => l.remaining > 0);
  const orders = lots.length
    ? await Order.query(db)
        .whereIn(
          'id',
          lots.map((l) => l.orderId),
        )
        .select('id', 'amountCents', 'refundedCents', 'paymentIntentId')
    : [];
  // Only what was paid through the provider can be refunded to the card.
  const left = new Map(orders.map((o) => [num(o.id), o.paymentIntentId ? Math.max(0, num(o.amountCents) - num(o.refundedCents)) : 0]));
  const view = lots.map((l) => ({
    orderId: l.orderId,
    label: l.label,
    remaining: l.remaining,
    unitPriceCents: l.unitPriceCents,
    refundableCents: Math.min(l.remaining * l.unitPriceCents, left.get(l.orderId) ?? 0),
  }));
  return {
    userId,
    transfersRemaining: view.reduce((s, l) => s + l.remaining, 0),
    refundableCents: view.reduce((s, l) => s + l.refundableCents, 0),
    lots: view,
  };
}

/**
 * Refunds the unused transfers of every paid order of the buyer (the transfers are taken back), through
 * the admin refund path: each refund is audited there, and the idempotency key (per order and what was
 * left) makes a repeated request refund nothing twice.
 */
export async function refundUnusedTransfers(deps: AppDeps, userId: number, actorUserId: number): Promise<RefundResult[]> {
  const open = await openBalance(deps.db, userId);
  const out: RefundResult[] = [];
  for (const lot of open.lots) {
    if (lot.refundableCents <= 0) continue;
    out.push(
      await refundOrder(
        deps,
        lot.orderId,
        { amountCents: lot.refundableCents, reason: 'Unused transfers refunded at deactivation', idempotencyKey: `deactivate-${userId}-${lot.remaining}` },
        actorUserId,
      ),
    );
  }
  return out;
}
