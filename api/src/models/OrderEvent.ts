// Objection model over `order_events` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class OrderEvent extends Model {
  static override tableName = 'order_events';
  static override relationMappings: RelationMappingsThunk = () => ({
    actorUser: belongsTo(User, 'order_events.actorUserId', 'users.id'),
    order: belongsTo(Order, 'order_events.orderId', 'orders.id'),
  });
  id!: number;
  orderId!: number;
  type!: string;
  actorUserId!: number | null;
  detail!: string | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  actorUser?: User | null;
  order?: Order | null;
}
