// The reservation sweep: leads and appointments whose hold lapsed go back on sale, their pending orders
// expire and the intents are canceled; and the helpers that give an order's held items back.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { toDbDate } from '../../db/dates.ts';
import type { OrderKind } from './types.ts';
import { INVENTORY_TABLES, inventoryQuery, releaseItems, type InventoryTable } from './inventory.ts';
import { withRetry } from '../../db/retry.ts';
import { Appointment, Lead, Order } from '../../models/index.ts';

export const EXPIRED_MESSAGE = 'The reservation expired before the payment completed.';

export const TABLE_BY_KIND: Partial<Record<OrderKind, InventoryTable>> = { leads: 'leads', appointments: 'appointments' };

export function cancelIntents(deps: Pick<AppDeps, 'stripe' | 'logger'>, ids: string[]): void {
  for (const id of ids) {
    deps.stripe.paymentIntents.cancel(id).catch((err: unknown) => deps.logger.warn({ err, intentId: id }, 'canceling a PaymentIntent failed'));
  }
}

export async function releaseOrderItems(trx: Knex | Knex.Transaction, kind: OrderKind, orderId: number): Promise<number> {
  // RingCloud aged-lead orders hold leads too.
  const table = kind === 'ringcloud' ? 'leads' : TABLE_BY_KIND[kind];
  return table ? releaseItems(trx, table, orderId) : 0;
}

/**
 * Gives back leads and appointments whose reservation has lapsed, marks their pending orders
 * expired and cancels the intents (so a late card cannot pay for items resold since).
 * Run lazily before reserving and by the reservation-sweep job (api/src/jobs/core.ts). Returns how many orders expired.
 */
export async function releaseExpiredReservations(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'stripe'>): Promise<number> {
  const stamp = toDbDate(deps.clock.now());
  const orderIds = new Set<number>();
  const lapsed = [
    await Lead.query(deps.db).where({ status: 'reserved' }).where('reservedUntil', '<', stamp).distinct('reservedOrderId'),
    await Appointment.query(deps.db).where({ status: 'reserved' }).where('reservedUntil', '<', stamp).distinct('reservedOrderId'),
  ];
  for (const rows of lapsed) {
    for (const r of rows) if (r.reservedOrderId !== null) orderIds.add(Number(r.reservedOrderId));
  }
  const toCancel: string[] = [];
  for (const orderId of orderIds) {
    const intentId = await withRetry(() =>
      deps.db.transaction(async (trx) => {
        const n = await Order.query(trx)
          .where({ id: orderId, status: 'pending' })
          .patch({ status: 'expired', failureMessage: EXPIRED_MESSAGE, updatedAt: stamp });
        for (const table of INVENTORY_TABLES) {
          await inventoryQuery(table, trx)
            .where({ reservedOrderId: orderId, status: 'reserved' })
            .where('reservedUntil', '<', stamp)
            .patch({ status: 'available', reservedOrderId: null, reservedUntil: null });
        }
        if (n === 0) return null;
        const row = await Order.query(trx).findById(orderId).select('paymentIntentId');
        return row?.paymentIntentId ?? null;
      }),
    );
    if (intentId) toCancel.push(intentId);
  }
  cancelIntents(deps, toCancel);
  return orderIds.size;
}
