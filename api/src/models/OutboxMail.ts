// Objection model over `mail_outbox` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class OutboxMail extends Model {
  static override tableName = 'mail_outbox';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'mail_outbox.userId', 'users.id'),
  });
  id!: number;
  messageKey!: string;
  dedupeKey!: string | null;
  kind!: string;
  userId!: number | null;
  toEmail!: string;
  subject!: string;
  textBody!: string;
  htmlBody!: string;
  attachments!: string | null;
  status!: string;
  attempts!: number;
  /** 0: security mail (sent first), 1: the rest. */
  priority!: number;
  /** The message's live link, sealed, until it is sent (issue 35 A5); the bodies hold it masked. */
  linkSealed!: string | null;
  nextAttemptAt!: string;
  leaseUntil!: string | null;
  lastError!: string | null;
  sentAt!: string | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
}
