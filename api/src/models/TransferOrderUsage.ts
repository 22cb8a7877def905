// Objection model over `transfer_order_usage` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class TransferOrderUsage extends Model {
  static override tableName = 'transfer_order_usage';
  static override idColumn = 'orderId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'transfer_order_usage.userId', 'users.id'),
    order: belongsTo(Order, 'transfer_order_usage.orderId', 'orders.id'),
  });
  orderId!: number;
  userId!: number;
  capacity!: number;
  used!: number;
  bufferSeconds!: number;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
  order?: Order | null;
}
