// Objection model over `order_items` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';

export class OrderItem extends Model {
  static override tableName = 'order_items';
  static override relationMappings: RelationMappingsThunk = () => ({
    order: belongsTo(Order, 'order_items.orderId', 'orders.id'),
  });
  id!: number;
  orderId!: number;
  kind!: string;
  itemId!: number | null;
  quantity!: number;
  unitPriceCents!: number;
  amountCents!: number;
  /** null: the catalogue's price; 'buyer': the buyer's own price for the kind; 'buyer:TX': theirs for that state. */
  priceSource!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  order?: Order | null;
}
