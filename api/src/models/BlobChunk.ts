// Objection model over `blob_chunks` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class BlobChunk extends Model {
  static override tableName = 'blob_chunks';
  static override idColumn = ['blobKey', 'generation', 'seq'];
  blobKey!: string;
  generation!: string;
  seq!: number;
  data!: Buffer;
}
