// Objection model over `order_deliveries` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class OrderDelivery extends Model {
  static override tableName = 'order_deliveries';
  static override relationMappings: RelationMappingsThunk = () => ({
    enteredByUser: belongsTo(User, 'order_deliveries.enteredByUserId', 'users.id'),
    order: belongsTo(Order, 'order_deliveries.orderId', 'orders.id'),
  });
  id!: number;
  orderId!: number;
  externalCallId!: string | null;
  quantity!: number;
  source!: string;
  enteredByUserId!: number | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  enteredByUser?: User | null;
  order?: Order | null;
}
