// Objection model over `order_events` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class OrderEvent extends Model {
  static override tableName = 'order_events';
  static override relationMappings: RelationMappingsThunk = () => ({
    actorUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'order_events.actorUserId', to: 'users.id' } },
    order: { relation: Model.BelongsToOneRelation, modelClass: Order, join: { from: 'order_events.orderId', to: 'orders.id' } },
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
