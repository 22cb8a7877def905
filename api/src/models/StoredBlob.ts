// Objection model over `blobs` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class StoredBlob extends Model {
  static override tableName = 'blobs';
  static override idColumn = 'blobKey';
  blobKey!: string;
  generation!: string;
  sizeBytes!: number;
  createdAt!: string;
}
