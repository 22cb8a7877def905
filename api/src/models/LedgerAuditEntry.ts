// Objection model over `ledger_audit_log` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class LedgerAuditEntry extends Model {
  static override tableName = 'ledger_audit_log';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'ledger_audit_log.userId', 'users.id'),
    actor: belongsTo(User, 'ledger_audit_log.actorId', 'users.id'),
  });
  id!: number;
  actorType!: string;
  actorId!: number | null;
  action!: string;
  entityType!: string;
  entityId!: number | null;
  userId!: number | null;
  beforeJson!: string | null;
  afterJson!: string | null;
  actorLabel!: string | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
  actor?: User | null;
}
