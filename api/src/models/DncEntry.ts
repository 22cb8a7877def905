// Objection model over `dnc_entries` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class DncEntry extends Model {
  static override tableName = 'dnc_entries';
  static override relationMappings: RelationMappingsThunk = () => ({
    uploadedByUser: belongsTo(User, 'dnc_entries.uploadedBy', 'users.id'),
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
