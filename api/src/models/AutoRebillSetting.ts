// Objection model over `auto_rebill_settings` (columns snake_case in the database, camelCase here):
// the agent's saved card and top-up rule (decision 197).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class AutoRebillSetting extends Model {
  static override tableName = 'auto_rebill_settings';
  static override idColumn = 'userId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'auto_rebill_settings.userId', 'users.id'),
  });
  userId!: number;
  stripeCustomerId!: string | null;
  paymentMethodId!: string | null;
  cardBrand!: string | null;
  cardLast4!: string | null;
  enabled!: boolean | number;
  threshold!: number;
  tier!: string;
  packageCount!: number;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
