// Objection model over `item_outcomes` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class ItemOutcome extends Model {
  static override tableName = 'item_outcomes';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'item_outcomes.userId', 'users.id'),
  });
  id!: number;
  userId!: number;
  itemType!: string;
  itemId!: number;
  status!: string;
  premiumCents!: number | null;
  outcomeDate!: string;
  source!: string;
  createdAt!: string;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
