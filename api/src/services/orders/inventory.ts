// Leads and appointments for sale: reserve, release and sell by conditional updates whose
// affected-row counts decide who got the item (holds on MariaDB row locks and on SQLite's single writer).
import type { Knex } from 'knex';
import { checkLeadSale } from '../compliance/compliance.service.ts';
import { Appointment, Lead } from '../../models/index.ts';
import { ItemsUnavailable } from './items-unavailable.ts';

export { ItemsUnavailable };
import { APPOINTMENT_SALE_CUTOFF_MINUTES } from '@tm/shared';
import { toDbDate } from '../../db/dates.ts';

/** The two kinds of item held for an order, by their models' tables. */
export type InventoryTable = 'leads' | 'appointments';

export const INVENTORY_TABLES: readonly InventoryTable[] = ['leads', 'appointments'];

/** A query over the inventory table's model (the two models share these columns). */
export function inventoryQuery(table: InventoryTable, trx: Knex | Knex.Transaction) {
  return table === 'leads' ? Lead.query(trx) : Appointment.query(trx);
}

/**
 * The first callback time an appointment may still be sold with (decision 215): one whose callback is
 * sooner than APPOINTMENT_SALE_CUTOFF_MINUTES from now (or past) cannot be delivered, so it is not for sale.
 */
export function appointmentSaleCutoff(now: Date): string {
  return toDbDate(new Date(now.getTime() + APPOINTMENT_SALE_CUTOFF_MINUTES * 60_000));
}

/**
 * Marks every item reserved for the order, or throws ItemsUnavailable (nothing taken). An appointment
 * whose callback time is within the sale cut-off is not taken, even if it was listed a moment before.
 */
export async function reserveItems(
  trx: Knex.Transaction,
  table: InventoryTable,
  ids: number[],
  orderId: number,
  reservedUntil: string,
  now: Date,
): Promise<void> {
  const q = inventoryQuery(table, trx).whereIn('id', ids).where({ status: 'available' });
  if (table === 'appointments') q.where((w) => w.whereNull('callbackAt').orWhere('callbackAt', '>', appointmentSaleCutoff(now)));
  const n = await q.patch({ status: 'reserved', reservedOrderId: orderId, reservedUntil });
  if (n !== ids.length) throw new ItemsUnavailable();
}

/** Gives back what the order still holds in reservation. */
export async function releaseItems(trx: Knex | Knex.Transaction, table: InventoryTable, orderId: number): Promise<number> {
  return inventoryQuery(table, trx)
    .where({ reservedOrderId: orderId, status: 'reserved' })
    .patch({ status: 'available', reservedOrderId: null, reservedUntil: null });
}

/**
 * Sells the order's items to the buyer: those it holds in reservation, or (after a late payment)
 * those still available. Throws ItemsUnavailable if any went to someone else.
 */
export async function sellItems(
  trx: Knex.Transaction,
  table: InventoryTable,
  ids: number[],
  orderId: number,
  buyerId: number | null,
  soldAt: string,
): Promise<void> {
  const stamp = table === 'leads' ? { soldAt } : { purchasedAt: soldAt };
  // Compliance: do-not-call re-check, exclusivity and the sale record (services/compliance).
  if (table === 'leads') await checkLeadSale(trx, ids, buyerId, soldAt, orderId);
  const n = await inventoryQuery(table, trx)
    .whereIn('id', ids)
    .where((q) => {
      q.where({ status: 'reserved', reservedOrderId: orderId }).orWhere({ status: 'available' });
    })
    .patch({ status: 'sold', buyerId, reservedOrderId: orderId, reservedUntil: null, ...stamp });
  if (n !== ids.length) throw new ItemsUnavailable();
}
