// Leads and appointments for sale: reserve, release and sell by conditional updates whose
// affected-row counts decide who got the item (holds on MariaDB row locks and on SQLite's single writer).
import type { Knex } from 'knex';
import { checkLeadSale } from '../compliance/compliance.service.ts';
import { Appointment, Lead } from '../../models/index.ts';
import { ItemsUnavailable } from './items-unavailable.ts';

export { ItemsUnavailable };

/** The two kinds of item held for an order, by their models' tables. */
export type InventoryTable = 'leads' | 'appointments';

export const INVENTORY_TABLES: readonly InventoryTable[] = ['leads', 'appointments'];

/** A query over the inventory table's model (the two models share these columns). */
export function inventoryQuery(table: InventoryTable, trx: Knex | Knex.Transaction) {
  return table === 'leads' ? Lead.query(trx) : Appointment.query(trx);
}

/** Marks every item reserved for the order, or throws ItemsUnavailable (nothing taken). */
export async function reserveItems(trx: Knex.Transaction, table: InventoryTable, ids: number[], orderId: number, reservedUntil: string): Promise<void> {
  const n = await inventoryQuery(table, trx)
    .whereIn('id', ids)
    .where({ status: 'available' })
    .patch({ status: 'reserved', reservedOrderId: orderId, reservedUntil });
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
