// Objection model over `transfer_disputes` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { TransferCall } from './TransferCall.ts';
import { User } from './User.ts';

export class TransferDispute extends Model {
  static override tableName = 'transfer_disputes';
  static override relationMappings: RelationMappingsThunk = () => ({
    decidedByUser: belongsTo(User, 'transfer_disputes.decidedBy', 'users.id'),
    user: belongsTo(User, 'transfer_disputes.userId', 'users.id'),
    call: belongsTo(TransferCall, 'transfer_disputes.callId', 'transfer_calls.id'),
  });
  id!: number;
  callId!: number;
  userId!: number;
  reasonCode!: string;
  reasonText!: string | null;
  recordingUrl!: string | null;
  transcript!: string | null;
  status!: string;
  decisionReason!: string | null;
  decidedBy!: number | null;
  decidedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
  decidedByRules!: boolean | number;
  /** JSON: the quotes a rule decision rested on ({ quote, at }[]). */
  evidence!: string | null;
  /** What the rules read at filing (JSON DisputeRuleReading: rule, evidence kinds, decision, why); null before issue 33. */
  ruleReading!: string | null;
  reviewRequestedAt!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  decidedByUser?: User | null;
  user?: User | null;
  call?: TransferCall | null;
}
