// Objection model over `auto_rebill_charges` (columns snake_case in the database, camelCase here):
// one row per crossing of an agent's auto-rebill threshold (decision 197).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class AutoRebillCharge extends Model {
  static override tableName = 'auto_rebill_charges';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'auto_rebill_charges.userId', 'users.id'),
    order: belongsTo(Order, 'auto_rebill_charges.orderId', 'orders.id'),
  });
  id!: number;
  userId!: number;
  crossing!: string;
  status!: string;
  orderId!: number | null;
  message!: string | null;
  createdAt!: string;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
  order?: Order | null;
}
