// Objection model over `exclusive_sales` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './User.ts';

export class ExclusiveSale extends Model {
  static override tableName = 'exclusive_sales';
  static override relationMappings: RelationMappingsThunk = () => ({
    buyer: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'exclusive_sales.buyerId', to: 'users.id' } },
  });
  id!: number;
  phoneKey!: string;
  leadId!: number;
  buyerId!: number | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  buyer?: User | null;
}
