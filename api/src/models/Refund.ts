// Objection model over `refunds` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class Refund extends Model {
  static override tableName = 'refunds';
  static override relationMappings: RelationMappingsThunk = () => ({
    createdByUser: belongsTo(User, 'refunds.createdByUserId', 'users.id'),
    order: belongsTo(Order, 'refunds.orderId', 'orders.id'),
  });
  id!: number;
  orderId!: number;
  amountCents!: number;
  status!: string;
  providerRefundId!: string | null;
  idempotencyKey!: string;
  reason!: string | null;
  failureMessage!: string | null;
  createdByUserId!: number | null;
  transfersTakenBack!: number | null;
  moneyOnly!: boolean | number;
  createdAt!: string;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  createdByUser?: User | null;
  order?: Order | null;
}
