// Objection model over `upload_quota_locks`: one row per quota, locked (FOR UPDATE) while a reservation is decided.
import { Model } from 'objection';

export class UploadQuotaLock extends Model {
  static override tableName = 'upload_quota_locks';
  static override idColumn = 'name';
  name!: string;
}
