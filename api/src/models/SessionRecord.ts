// Objection model over `sessions` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class SessionRecord extends Model {
  static override tableName = 'sessions';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'sessions.userId', 'users.id'),
  });
  id!: string;
  userId!: number;
  createdAt!: string;
  lastSeenAt!: string;
  revokedAt!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
