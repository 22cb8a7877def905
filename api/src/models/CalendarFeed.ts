// Objection model over `calendar_feeds` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { User } from './User.ts';

export class CalendarFeed extends Model {
  static override tableName = 'calendar_feeds';
  static override idColumn = 'userId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'calendar_feeds.userId', to: 'users.id' } },
  });
  userId!: number;
  secretHash!: string;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
