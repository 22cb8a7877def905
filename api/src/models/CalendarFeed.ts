// Objection model over `calendar_feeds` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class CalendarFeed extends Model {
  static override tableName = 'calendar_feeds';
  static override idColumn = 'userId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'calendar_feeds.userId', 'users.id'),
  });
  userId!: number;
  secretHash!: string;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
