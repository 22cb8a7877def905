// Objection model over `api_tokens` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class ApiToken extends Model {
  static override tableName = 'api_tokens';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'api_tokens.userId', 'users.id'),
  });
  id!: number;
  userId!: number;
  name!: string;
  prefix!: string;
  tokenHash!: string;
  lastUsedAt!: string | null;
  revokedAt!: string | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
