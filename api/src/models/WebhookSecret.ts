// Objection model over `webhook_secrets`: one signing secret per agent (decision 196).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class WebhookSecret extends Model {
  static override tableName = 'webhook_secrets';
  static override idColumn = 'userId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'webhook_secrets.userId', 'users.id'),
  });
  userId!: number;
  secret!: string;
  createdAt!: string;
  user?: User | null;
}
