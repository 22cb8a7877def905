// Objection model over `training_videos` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class TrainingVideo extends Model {
  static override tableName = 'training_videos';
  id!: number;
  title!: string;
  description!: string | null;
  videoUrl!: string;
  section!: string;
  thumbnailUrl!: string | null;
  duration!: number | null;
  sortOrder!: number;
  isActive!: boolean | number;
  createdAt!: string;
  updatedAt!: string;
}
