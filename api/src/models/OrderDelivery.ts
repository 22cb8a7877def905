// Objection model over `order_deliveries` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class OrderDelivery extends Model {
  static override tableName = 'order_deliveries';
  static override relationMappings: RelationMappingsThunk = () => ({
    enteredByUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'order_deliveries.enteredByUserId', to: 'users.id' } },
    order: { relation: Model.BelongsToOneRelation, modelClass: Order, join: { from: 'order_deliveries.orderId', to: 'orders.id' } },
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
