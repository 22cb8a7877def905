// Objection model over `agent_transfer_settings` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class AgentTransferSetting extends Model {
  static override tableName = 'agent_transfer_settings';
  static override idColumn = 'userId';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'agent_transfer_settings.userId', 'users.id'),
  });
  userId!: number;
  callsPerDay!: number | null;
  workingStates!: string;
  hoursStart!: string | null;
  hoursEnd!: string | null;
  timeZone!: string;
  paused!: boolean | number;
  pausedReason!: string | null;
  pausedAt!: string | null;
  resumeDate!: string | null;
  /** The phone live transfers ring (decision 245); null: the account's own phone. */
  deliveryPhone!: string | null;
  updatedAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
