// An order's items as receipt lines (the receipt e-mail and the receipt page read the same): grouped by kind,
// price and where the price came from, so a buyer's own price (decision 251) shows beside what it charged.
import type { Knex } from 'knex';
import type { ReceiptItemLine } from '@tm/shared/schemas/receipt-lines';
import { buyerPriceBasis } from '@tm/shared/schemas/buyer-prices';
import type { Db } from '../../db/index.ts';
import { OrderItem } from '../../models/index.ts';

export const ITEM_LABELS: Record<string, string> = {
  lead: 'Leads',
  appointment: 'AI-set appointments',
  transfer: 'Live transfers',
  callback: 'Call-backs',
  aged_lead: 'Aged leads',
};

type ItemRow = Pick<OrderItem, 'kind' | 'quantity' | 'unitPriceCents' | 'amountCents' | 'priceSource'>;

/** The items grouped into lines, in the order of their first item. */
export function receiptLines(items: ItemRow[]): ReceiptItemLine[] {
  const byKey = new Map<string, ReceiptItemLine>();
  for (const i of items) {
    const key = `${i.kind}:${i.unitPriceCents}:${i.priceSource ?? ''}`;
    const line = byKey.get(key) ?? {
      label: ITEM_LABELS[i.kind] ?? i.kind,
      count: 0,
      rateCents: Number(i.unitPriceCents),
      amountCents: 0,
      basis: buyerPriceBasis(i.priceSource, 'buyer'),
    };
    line.count += Number(i.quantity);
    line.amountCents += Number(i.amountCents);
    byKey.set(key, line);
  }
  return [...byKey.values()];
}

/** The order's items, oldest first. */
export function orderItems(db: Db | Knex, orderId: number) {
  return OrderItem.query(db).where({ orderId }).orderBy('id').select('kind', 'itemId', 'quantity', 'unitPriceCents', 'amountCents', 'priceSource');
}

/** "Leads (your price for TX)": a mail line's label with where its price came from. */
export const mailLineLabel = (l: ReceiptItemLine) => (l.basis ? `${l.label} (${l.basis.charAt(0).toLowerCase()}${l.basis.slice(1)})` : l.label);
