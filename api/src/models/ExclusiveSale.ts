// Objection model over `exclusive_sales` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class ExclusiveSale extends Model {
  static override tableName = 'exclusive_sales';
  static override relationMappings: RelationMappingsThunk = () => ({
    buyer: belongsTo(User, 'exclusive_sales.buyerId', 'users.id'),
  });
  id!: number;
  phoneKey!: string;
  leadId!: number;
  buyerId!: number | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  buyer?: User | null;
}
