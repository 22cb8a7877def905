// Objection model over `buyer_prices` (columns snake_case in the database, camelCase here): a buyer's own price
// for a kind of lead or appointment, for every state ('') or one state (issue 36 point 4, decision 251).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class BuyerPrice extends Model {
  static override tableName = 'buyer_prices';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'buyer_prices.userId', 'users.id'),
  });
  id!: number;
  userId!: number;
  kind!: string;
  /** '' for the kind's price in every state, else a state code. */
  state!: string;
  priceCents!: number;
  createdAt!: string;
  updatedAt!: string;
  user?: User | null;
}
