// Objection model over `dnc_entries` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './User.ts';

export class DncEntry extends Model {
  static override tableName = 'dnc_entries';
  static override relationMappings: RelationMappingsThunk = () => ({
    uploadedByUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'dnc_entries.uploadedBy', to: 'users.id' } },
  });
  id!: number;
  list!: string;
  phoneKey!: string;
  source!: string | null;
  uploadedBy!: number | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  uploadedByUser?: User | null;
}
