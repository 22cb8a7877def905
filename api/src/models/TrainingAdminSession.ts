// Objection model over `training_admin_sessions`: a training admin's server-side session (decision 172).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { TrainingAdmin } from './TrainingAdmin.ts';

export class TrainingAdminSession extends Model {
  static override tableName = 'training_admin_sessions';
  static override relationMappings: RelationMappingsThunk = () => ({
    admin: belongsTo(TrainingAdmin, 'training_admin_sessions.trainingAdminId', 'training_admins.id'),
  });
  id!: string;
  trainingAdminId!: number;
  createdAt!: string;
  expiresAt!: string;
  revokedAt!: string | null;
  admin?: TrainingAdmin | null;
}
