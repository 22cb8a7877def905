// Objection model over `training_admins` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class TrainingAdmin extends Model {
  static override tableName = 'training_admins';
  id!: number;
  email!: string;
  passwordHash!: string;
  createdAt!: string;
}
