// Objection model over `email_changes`: one requested e-mail change, its confirm and undo tokens (hashed).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class EmailChange extends Model {
  static override tableName = 'email_changes';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'email_changes.userId', 'users.id'),
  });
  id!: number;
  userId!: number;
  oldEmail!: string;
  newEmail!: string;
  confirmHash!: string;
  undoHash!: string | null;
  createdAt!: string;
  expiresAt!: string;
  confirmedAt!: string | null;
  undoUntil!: string | null;
  undoneAt!: string | null;
  canceledAt!: string | null;
  user?: User | null;
}
